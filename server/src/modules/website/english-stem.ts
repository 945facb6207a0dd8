/**
 * The Snowball English ("Porter2") stemmer as PostgreSQL's `english_stem` dictionary runs it on a
 * word of lowercase ASCII letters, so the in-memory search index (word-forms.ts) can read a word it
 * has not seen without a statement. Written from the algorithm's published description, as
 * PostgreSQL 15 runs it (its only first-region exceptions are `gener`, `commun` and `arsen`:
 * `organization` stems to `organ`), with the one difference found in PostgreSQL 18's ({@link StemRules}).
 * english-stem.test.ts compares it with PostgreSQL word by word, and the index uses it only while it
 * agrees with its PostgreSQL on the vocabulary and the words that tell the versions apart
 * (word-forms.ts).
 */

/** Whole words with a stem of their own, and words left as they are (the algorithm's exception list). */
const WHOLE_WORD_STEMS = new Map<string, string>([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
])

/** Words that, once step 1a has run, stem to themselves. */
const KEPT_AFTER_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
])

/** Prefixes the first region starts after, whatever follows. */
const REGION_PREFIXES = ['gener', 'commun', 'arsen']

/**
 * The words the algorithm names (its whole-word stems and the words kept after step 1a): a check
 * against PostgreSQL includes them, since few vocabularies hold them (word-forms.ts).
 */
export const NAMED_WORDS: readonly string[] = [...WHOLE_WORD_STEMS.keys(), ...KEPT_AFTER_1A]

/** Vowels; `Y` (a consonant `y`, marked by the prelude) is not one. */
const isVowel = (c: string | undefined) =>
  c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y'

/** Letters before `li` that let step 2 drop it. */
const VALID_LI = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't'])

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt'])

/** Step 2's suffixes and their replacements; the longest that ends the word is the one taken. */
const STEP_2: ReadonlyArray<readonly [string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
]

/** Step 3's suffixes, longest first; `ative` goes only from the second region (see step3). */
const STEP_3: ReadonlyArray<readonly [string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
]

/** Step 4's suffixes, longest first; `ion` goes only after `s` or `t`. */
const STEP_4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
]

/** The longest of `suffixes` that `word` ends with. */
function longestEnding<T extends string | readonly [string, string]>(
  word: string,
  suffixes: readonly T[],
): T | undefined {
  let found: T | undefined
  let length = 0
  for (const entry of suffixes) {
    const suffix = typeof entry === 'string' ? entry : entry[0]
    if (suffix.length > length && word.endsWith(suffix)) {
      found = entry
      length = suffix.length
    }
  }
  return found
}

/**
 * Whether the word up to `end` ends in a short syllable: a vowel between two non-vowels, the last not
 * `w`, `x` or `Y`; or a vowel then a non-vowel that start the word.
 */
function endsShort(word: string, end: number): boolean {
  const last = word[end - 1]
  const vowel = word[end - 2]
  if (last === undefined || isVowel(last) || !isVowel(vowel)) return false
  if (end === 2) return true
  return last !== 'w' && last !== 'x' && last !== 'Y' && !isVowel(word[end - 3])
}

/** Whether some letter of `word` before `end` is a vowel. */
function hasVowelBefore(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(word[i])) return true
  return false
}

/**
 * Where a region starts: after the first non-vowel that follows a vowel, both at or after `from`; the
 * word's end when there is none.
 */
function regionAfter(word: string, from: number): number {
  for (let i = from + 1; i < word.length; i++) {
    if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1
  }
  return word.length
}

/**
 * What differs between the versions of the algorithm PostgreSQL has shipped, as far as
 * english-stem.test.ts finds: Snowball 3 (PostgreSQL 18, and so the embedded PGlite) keeps the double
 * letter of a three-letter word that starts with `a`, `e` or `o` (`adding` → `add`, not `ad`; but
 * `utting` → `ut`).
 */
export interface StemRules {
  keepsLeadingDouble: boolean
}

/** The rules of PostgreSQL 15's Snowball. */
export const POSTGRES_15_RULES: StemRules = { keepsLeadingDouble: false }
/** The rules of Snowball 3 (PostgreSQL 18). */
export const SNOWBALL_3_RULES: StemRules = { keepsLeadingDouble: true }

/** The English stem of `word`, a word of lowercase ASCII letters. */
export function englishStem(word: string, rules: StemRules = POSTGRES_15_RULES): string {
  const whole = WHOLE_WORD_STEMS.get(word)
  if (whole !== undefined) return whole
  if (word.length < 3) return word

  // Prelude: a `y` that starts the word or follows a vowel is a consonant, marked `Y`.
  let w = word
  let yFound = false
  if (w[0] === 'y') {
    w = `Y${w.slice(1)}`
    yFound = true
  }
  for (let i = 1; i < w.length; i++) {
    if (w[i] === 'y' && isVowel(w[i - 1])) {
      w = `${w.slice(0, i)}Y${w.slice(i + 1)}`
      yFound = true
    }
  }

  const prefix = REGION_PREFIXES.find((candidate) => w.startsWith(candidate))
  const r1 = prefix ? prefix.length : regionAfter(w, 0)
  // The second region is found in the first as the first was in the word.
  const r2 = regionAfter(w, r1)

  w = step1a(w)
  if (!KEPT_AFTER_1A.has(w)) {
    w = step1b(w, r1, rules)
    w = step1c(w)
    w = step2(w, r1)
    w = step3(w, r1, r2)
    w = step4(w, r2)
    w = step5(w, r1, r2)
  }
  return yFound ? w.replaceAll('Y', 'y') : w
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return `${w.slice(0, -4)}ss`
  if (w.endsWith('ied') || w.endsWith('ies'))
    return w.length > 4 ? `${w.slice(0, -3)}i` : `${w.slice(0, -3)}ie`
  if (w.endsWith('us') || w.endsWith('ss')) return w
  if (w.endsWith('s')) {
    // The `s` goes when a vowel comes before the letter just before it.
    return hasVowelBefore(w, w.length - 2) ? w.slice(0, -1) : w
  }
  return w
}

function step1b(w: string, r1: number, rules: StemRules): string {
  const suffix = longestEnding(w, ['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly'])
  if (suffix === undefined) return w
  const start = w.length - suffix.length
  if (suffix === 'eed' || suffix === 'eedly') return start >= r1 ? `${w.slice(0, start)}ee` : w
  if (!hasVowelBefore(w, start)) return w
  const rest = w.slice(0, start)
  if (rest.endsWith('at') || rest.endsWith('bl') || rest.endsWith('iz')) return `${rest}e`
  if (DOUBLES.has(rest.slice(-2))) {
    const kept = rules.keepsLeadingDouble && rest.length === 3 && 'aeo'.includes(rest[0] as string)
    return kept ? rest : rest.slice(0, -1)
  }
  if (rest.length === r1 && endsShort(rest, rest.length)) return `${rest}e`
  return rest
}

function step1c(w: string): string {
  const last = w[w.length - 1]
  if ((last === 'y' || last === 'Y') && w.length > 2 && !isVowel(w[w.length - 2])) return `${w.slice(0, -1)}i`
  return w
}

function step2(w: string, r1: number): string {
  const found = longestEnding(w, STEP_2)
  if (!found) return w
  const [suffix, replacement] = found
  const start = w.length - suffix.length
  if (start < r1) return w
  if (suffix === 'ogi') return w[start - 1] === 'l' ? `${w.slice(0, start)}og` : w
  if (suffix === 'li') return VALID_LI.has(w[start - 1] ?? '') ? w.slice(0, start) : w
  return `${w.slice(0, start)}${replacement}`
}

function step3(w: string, r1: number, r2: number): string {
  const found = longestEnding(w, STEP_3)
  if (!found) return w
  const [suffix, replacement] = found
  const start = w.length - suffix.length
  if (start < r1) return w
  if (suffix === 'ative') return start >= r2 ? w.slice(0, start) : w
  return `${w.slice(0, start)}${replacement}`
}

function step4(w: string, r2: number): string {
  const suffix = longestEnding(w, STEP_4)
  if (!suffix) return w
  const start = w.length - suffix.length
  if (start < r2) return w
  if (suffix === 'ion') return w[start - 1] === 's' || w[start - 1] === 't' ? w.slice(0, start) : w
  return w.slice(0, start)
}

function step5(w: string, r1: number, r2: number): string {
  const start = w.length - 1
  if (w.endsWith('e')) {
    if (start >= r2 || (start >= r1 && !endsShort(w, start))) return w.slice(0, start)
    return w
  }
  if (w.endsWith('l')) return start >= r2 && w[start - 1] === 'l' ? w.slice(0, start) : w
  return w
}
