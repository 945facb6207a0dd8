import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  englishStem,
  NAMED_WORDS,
  POSTGRES_15_RULES,
  SNOWBALL_3_RULES,
  type StemRules,
} from './english-stem.ts'
import { readWordForms, type WordFormRow } from './search-repo.ts'

/**
 * The forms of a plain word of a search (letters and digits only), read in memory as
 * `readWordForms` (search-repo.ts) reads them in PostgreSQL. The in-memory index ran that statement
 * for every piece of a search it had not seen, and a misspelt word nearly always is one: under load it
 * was the varied search's only wait on the database, and the searches that waited for it made its
 * slowest percent (bench/README.md, session 36).
 *
 * PostgreSQL's parser reads such a piece as one word (`asciiword`, or `numword`, `uint`, `sfloat`…
 * when it has a digit). The simple configuration lowercases it; the english one sends the word types
 * with a digit to the simple dictionary and an ASCII word to `english_stem`: nothing for a stop word,
 * else its Snowball stem (english-stem.ts). The index reads words in memory only with rules that
 * agree with its PostgreSQL on the vocabulary and the words that tell the rules apart
 * ({@link readStemRules}); a piece of any other kind is still read by PostgreSQL.
 */

/**
 * The longest piece read in memory. PostgreSQL's stemmer leaves words over 1,000 bytes as they are
 * and its parser drops words over 2,047; no search word comes near, and longer ones go to it.
 */
const LONGEST_PLAIN_WORD = 100

/**
 * Letters and digits only: such a piece is one word to PostgreSQL's parser wherever it stands in a
 * search (search-index.ts keeps it once for every place).
 */
export const PLAIN_WORD = /^[A-Za-z0-9]+$/
const HAS_DIGIT = /[0-9]/
const LETTERS_ONLY = /^[a-z]+$/

/** PostgreSQL's `english.stop` (the Snowball list): the words the english configuration drops. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she ' +
    'her hers herself it its itself they them their theirs themselves what which who whom this that ' +
    'these those am is are was were be been being have has had having do does did doing a an the and ' +
    'but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here ' +
    'there when where why how all any both each few more most other some such no nor not only own same ' +
    'so than too very s t can will just don should now'
  ).split(' '),
)

/**
 * Words checked with every vocabulary besides the stemmer's named ones (english-stem.ts
 * NAMED_WORDS): words of its region prefixes, words the versions of its rules stem differently, and
 * capitals (the vocabulary's words are lowercase; a database whose locale lowercases `I` otherwise, a
 * Turkish one, would read them otherwise than `toLowerCase`). A generated vocabulary rarely holds them.
 */
const PROBE_WORDS = [
  'generation communication arsenal',
  'adding added ebbing odder offing utting inning aadding bedding hopping hoped agreed feed',
  'organization universal emergency pasta later generously relational conditional valency hesitancy',
  'digitizer conformabli radicalli differentli analogousli vietnamization predication operator',
  'feudalism decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate',
  'formative formalize electriciti electrical hopeful goodness revival allowance inference airliner',
  'gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou',
  'communism activate angulariti homologous effective bowdlerize probate rate cease controll roll',
  'yoyo eyed sayings crying by cry say flying',
  'I DOCKER Linux SIGINT Id IMAGES Running QUICKLY',
].flatMap((line) => line.split(' '))

/** Endings added to each vocabulary word checked, so the check covers the rules on real stems. */
const PROBE_ENDINGS = ['', 's', 'ed', 'ing', 'ly', 'ness']

/** Words checked at most: the check is one statement per build of the index. */
const WORDS_CHECKED = 50_000

/** The rules tried, in order: PostgreSQL 15's, then Snowball 3's. */
const CANDIDATE_RULES: readonly StemRules[] = [POSTGRES_15_RULES, SNOWBALL_3_RULES]

/** A word's own term as `wordTerm` (search-repo.ts) writes it: its english stem OR-ed with itself. */
function ownTerm(word: string, rules: StemRules): string {
  if (HAS_DIGIT.test(word) || ENGLISH_STOP_WORDS.has(word)) return `('${word}')`
  const stem = englishStem(word, rules)
  return stem === word ? `('${word}')` : `('${stem}' | '${word}')`
}

/** The forms of `piece` as readWordForms gives them under `rules`, or null when it is not a plain word. */
export function plainWordForms(piece: string, rules: StemRules): WordFormRow[] | null {
  if (piece.length > LONGEST_PLAIN_WORD || !PLAIN_WORD.test(piece)) return null
  const word = piece.toLowerCase()
  return [
    {
      token: piece,
      word,
      term: ownTerm(word, rules),
      optional: word.length === 1 || ENGLISH_STOP_WORDS.has(word),
    },
  ]
}

const sameForms = (ours: WordFormRow[] | null, theirs: readonly WordFormRow[]) =>
  ours !== null &&
  ours.length === theirs.length &&
  ours.every(
    (form, i) =>
      form.word === theirs[i]?.word && form.term === theirs[i]?.term && form.optional === theirs[i]?.optional,
  )

/**
 * The rules under which {@link plainWordForms} reads the words checked as PostgreSQL's readWordForms
 * does: every stop word, {@link PROBE_WORDS}, and the plain words of `vocabulary` with
 * {@link PROBE_ENDINGS} (up to {@link WORDS_CHECKED} in all). Null, with the words no rules read alike,
 * when none agree: a PostgreSQL that stems or stops words otherwise (another version of Snowball,
 * an edited stop list) has every word read there.
 */
export async function readStemRules(
  db: Kysely<Database>,
  vocabulary: Iterable<string>,
): Promise<{ rules: StemRules | null; differing: string[] }> {
  const words = new Set<string>([...ENGLISH_STOP_WORDS, ...NAMED_WORDS, ...PROBE_WORDS])
  for (const word of vocabulary) {
    if (words.size >= WORDS_CHECKED) break
    if (!PLAIN_WORD.test(word) || word.length > LONGEST_PLAIN_WORD - 4) continue
    if (LETTERS_ONLY.test(word)) for (const ending of PROBE_ENDINGS) words.add(`${word}${ending}`)
    else words.add(word)
  }
  const rows = await readWordForms(db, [...words])
  const byToken = new Map<string, WordFormRow[]>()
  for (const row of rows) byToken.set(row.token, [...(byToken.get(row.token) ?? []), row])
  let differing: string[] = []
  for (const rules of CANDIDATE_RULES) {
    const wrong = [...words].filter(
      (word) => !sameForms(plainWordForms(word, rules), byToken.get(word) ?? []),
    )
    if (wrong.length === 0) return { rules, differing: [] }
    if (differing.length === 0 || wrong.length < differing.length) differing = wrong
  }
  return { rules: null, differing }
}
