import { seededRandom } from '@bashboard/db'
import pg from 'pg'

/*
 * The varied search row: every request a query nobody has sent before in this run, so no cache (the
 * page cache, a per-query result cache, PostgreSQL's buffers of one query's rows) can answer it from
 * an earlier request. The words come from the generated posts' titles and commands, picked the way a
 * person searches: one to four words that occur together in one post, sometimes with a word of
 * another post mixed in, and every third query with a typo in one word. The generated posts are
 * variants of 75 commands, whose titles and commands give only some thousands of distinct word sets:
 * once a post's are used, a word of its description joins them, so the query still matches the post.
 * Before that, such queries took a word of another post and mostly found nothing, so a faster server,
 * drawing more queries, measured a different mix (bench/README.md, session 32).
 */

/** Words shorter than this are mostly noise (flags, `-f`, `of`) and full text drops many of them. */
const MIN_WORD_LENGTH = 3
/** Words nobody searches for on their own: stop words, and the generator's variant marker. */
const SKIPPED = new Set(['the', 'and', 'for', 'with', 'without', 'that', 'into', 'from', 'every', 'variant'])
/** How many posts the vocabulary is read from (a hash order spreads them over the table). */
const SAMPLE_POSTS = 3000
/** How many words a query has, and how often: [words, weight]. */
const WORD_COUNTS: ReadonlyArray<readonly [number, number]> = [
  [1, 25],
  [2, 40],
  [3, 25],
  [4, 10],
]
/** Share of queries that take one word from another post (crossing posts, often matching nothing). */
const MIXED_SHARE = 0.2
/** After this many collisions a query takes a word of its post's description, and one more each time again. */
const DESCRIBED_EVERY = 5
/** After this many collisions a query takes a word of another post. */
const MIXED_AFTER = 100

export type TypoKind = 'swapped' | 'missing' | 'extra' | 'wrong'
export const TYPO_KINDS: readonly TypoKind[] = ['swapped', 'missing', 'extra', 'wrong']
/** The shortest word a typo goes into: shorter ones would no longer be recognisable. */
export const MIN_TYPO_WORD_LENGTH = 4
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * Words of one post: its title's and command's, the unit a realistic query picks from, and those only
 * its description has, for when the first run short.
 */
export interface WordBag {
  readonly words: readonly string[]
  readonly described: readonly string[]
}

/** Splits a title or command into lowercase words worth searching for. */
export function searchableWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= MIN_WORD_LENGTH && !SKIPPED.has(word))
}

/**
 * Reads the word bags of up to {@link SAMPLE_POSTS} posts spread over the table, one bag per distinct
 * set of words (the generated variants of one command share theirs).
 */
export async function readWordBags(url: string): Promise<WordBag[]> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    const { rows } = await client.query<{ title: string; command: string; description: string }>(
      `SELECT title, command, description_text AS description FROM posts ORDER BY md5(id::text) LIMIT ${SAMPLE_POSTS}`,
    )
    const bags = new Map<string, WordBag>()
    for (const row of rows) {
      const words = [...new Set([...searchableWords(row.title), ...searchableWords(row.command)])]
      const described = [...new Set(searchableWords(row.description))].filter((word) => !words.includes(word))
      if (words.length > 0) bags.set([...words].sort().join(' '), { words, described })
    }
    return [...bags.values()]
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * One typo in `word`: two neighbouring letters swapped, one left out, one doubled in or one replaced.
 * Always differs from `word`.
 */
export function misspell(word: string, kind: TypoKind, random: () => number): string {
  const at = Math.floor(random() * word.length)
  const letter = (): string => LETTERS[Math.floor(random() * LETTERS.length)] as string
  switch (kind) {
    case 'swapped': {
      // Neighbours that differ, else the swap would change nothing ("ll" in "all").
      for (let offset = 0; offset < word.length - 1; offset += 1) {
        const i = (at + offset) % (word.length - 1)
        if (word[i] !== word[i + 1]) {
          return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
        }
      }
      return `${word}${letter()}`
    }
    case 'missing':
      return word.slice(0, at) + word.slice(at + 1)
    case 'extra':
      return word.slice(0, at) + letter() + word.slice(at)
    case 'wrong': {
      let replacement = letter()
      while (replacement === word[at]) replacement = letter()
      return word.slice(0, at) + replacement + word.slice(at + 1)
    }
  }
}

/** A crude stem, so "file" and "files" count as the same query (full text stems them alike). */
function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '')
}

/** What the generator made so far, for the results file. */
export interface VariedSearchStats {
  queries: number
  typos: Record<TypoKind, number>
  mixed: number
  byWordCount: Record<string, number>
  /** Responses seen by `onResponse` and how many of them listed no post at all. */
  answered: number
  empty: number
}

/**
 * An endless source of distinct search queries over `bags`. Two queries count as alike when they ask
 * for the same set of (stemmed, correctly spelt) words, whatever their order or typo, because a server
 * that normalises or corrects queries could answer the second from the first.
 */
export function createQuerySource(bags: readonly WordBag[], seed = 20_261_121) {
  if (bags.length === 0) throw new Error('no words to search for: the posts table is empty')
  const random = seededRandom(seed)
  const vocabulary = [...new Set(bags.flatMap((bag) => bag.words))]
  const used = new Set<string>()
  const stats: VariedSearchStats = {
    queries: 0,
    typos: { swapped: 0, missing: 0, extra: 0, wrong: 0 },
    mixed: 0,
    byWordCount: {},
    answered: 0,
    empty: 0,
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const shuffle = (items: readonly string[]): string[] => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as string, copy[i] as string]
    }
    return copy
  }
  const wordCount = (): number => {
    let roll = random() * WORD_COUNTS.reduce((sum, [, weight]) => sum + weight, 0)
    for (const [count, weight] of WORD_COUNTS) {
      roll -= weight
      if (roll < 0) return count
    }
    return 1
  }

  /**
   * Picks a new set of words; after many collisions, adds words of the post's description until the
   * set is new (one more every {@link DESCRIBED_EVERY} attempts), and only past {@link MIXED_AFTER}
   * attempts one of another post.
   */
  const pickWords = (): { words: string[]; mixed: boolean } => {
    // Decided once per query: rolled at each attempt, the mixed sets (nearly always new) won most
    // queries once the posts' own sets ran short.
    const chosenMixed = random() < MIXED_SHARE
    for (let attempt = 0; ; attempt += 1) {
      const bag = pick(bags)
      const words = shuffle(bag.words).slice(0, Math.min(bag.words.length, wordCount()))
      const described = Math.floor(attempt / DESCRIBED_EVERY)
      if (described > 0) {
        for (const more of shuffle(bag.described).slice(0, described))
          words.splice(Math.floor(random() * (words.length + 1)), 0, more)
      }
      const mixed = chosenMixed || attempt >= MIXED_AFTER
      if (mixed) {
        const other = pick(vocabulary)
        if (!words.includes(other)) words.splice(Math.floor(random() * (words.length + 1)), 0, other)
      }
      const key = [...new Set(words.map(stem))].sort().join(' ')
      if (!used.has(key)) {
        used.add(key)
        return { words, mixed }
      }
    }
  }

  const next = (): string => {
    const { words, mixed } = pickWords()
    // Every third query has a typo, in one word long enough to still be recognisable.
    if (stats.queries % 3 === 0) {
      const candidates = words
        .map((word, index) => ({ word, index }))
        .filter(({ word }) => word.length >= MIN_TYPO_WORD_LENGTH)
      const target = candidates.length > 0 ? pick(candidates) : { word: words[0] ?? '', index: 0 }
      const kind = pick(TYPO_KINDS)
      words[target.index] = misspell(target.word, kind, random)
      stats.typos[kind] += 1
    }
    stats.queries += 1
    if (mixed) stats.mixed += 1
    stats.byWordCount[String(words.length)] = (stats.byWordCount[String(words.length)] ?? 0) + 1
    return words.join(' ')
  }

  /** For autocannon's `onResponse`: counts answers that listed no post (the schema puts `posts` first). */
  const recordAnswer = (status: number, body: string): void => {
    if (status !== 200) return
    stats.answered += 1
    if (body.startsWith('{"posts":[]')) stats.empty += 1
  }

  return { next, recordAnswer, stats, vocabularySize: vocabulary.length, bagCount: bags.length }
}

export type QuerySource = ReturnType<typeof createQuerySource>
