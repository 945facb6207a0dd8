import type { VocabularyCountRow, VocabularyRow } from './search-repo.ts'

/**
 * The search vocabulary (`search_words`: the distinct words of titles, commands and tags, migration
 * 0009) held in memory, so the in-memory index corrects a misspelt word without a statement: the same
 * choice `wordTerms` in search-repo.ts makes in SQL, made here with pg_trgm's similarity computed the
 * way pg_trgm computes it. search-index.test.ts checks both give the same corrections.
 */

/** Letters a correction may insert or substitute, as in search-repo.ts. */
const CORRECTION_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * What pg_trgm keeps in words: iswalnum() of the database's locale, which for glibc's UTF-8 locales is
 * Unicode's Alphabetic property (letters, letter numbers and the vowel signs and other marks of
 * Devanagari, Hebrew, Arabic…) and decimal digits. `\p{L}\p{N}` split `हिन्दी` at its vowel signs and kept
 * `²` and `¼` (search-vocabulary.test.ts compares with PostgreSQL).
 */
const WORD_CHARACTER = /[\p{Alphabetic}\p{Nd}]/u

/**
 * A character lowercased as towlower() does, one character for one: `String#toLowerCase` of a whole
 * string maps `Σ` at a word's end to `ς` and `İ` to two characters (`i` and a combining dot).
 */
const lowerCharacter = (character: string) => (character === '\u0130' ? 'i' : character.toLowerCase())

/**
 * pg_trgm's trigrams of `text`: each run of letters and digits, lowercased and padded with two spaces
 * before and one after, cut into every three consecutive characters; each trigram once.
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>()
  const characters = [...text].map(lowerCharacter)
  let word: string[] = []
  const flush = () => {
    if (word.length === 0) return
    const padded = [' ', ' ', ...word, ' ']
    for (let i = 0; i + 2 < padded.length; i++) trigrams.add(`${padded[i]}${padded[i + 1]}${padded[i + 2]}`)
    word = []
  }
  for (const character of characters) {
    if (WORD_CHARACTER.test(character)) word.push(character)
    else flush()
  }
  flush()
  return trigrams
}

/** pg_trgm's similarity of two trigram sets: shared over all, in single precision as pg_trgm has it. */
export function trigramSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const trigram of a) if (b.has(trigram)) shared += 1
  return Math.fround(Math.fround(shared) / Math.fround(a.size + b.size - shared))
}

/**
 * Whether `other` is one edit away from `word` as search-repo.ts's `oneEditAway` lists the edits in
 * SQL: one character deleted, two neighbours swapped, or a letter of CORRECTION_LETTERS substituted or
 * inserted; `word` itself when a substitution or a swap leaves it as it is (it has such a letter, or
 * two equal neighbours). By character, not UTF-16 unit.
 */
export function isOneEditAway(word: string, other: string): boolean {
  const a = [...word]
  const b = [...other]
  const isLetter = (character: string | undefined) =>
    character !== undefined && CORRECTION_LETTERS.includes(character)
  const sameFrom = (i: number, j: number) => {
    for (; i < a.length && j < b.length; i++, j++) if (a[i] !== b[j]) return false
    return i === a.length && j === b.length
  }
  let first = 0
  while (first < a.length && first < b.length && a[first] === b[first]) first += 1
  if (a.length === b.length) {
    if (first === a.length) return a.some((character, i) => isLetter(character) || character === a[i + 1])
    if (sameFrom(first + 1, first + 1)) return isLetter(b[first])
    return a[first] === b[first + 1] && a[first + 1] === b[first] && sameFrom(first + 2, first + 2)
  }
  // A character deleted from `word`, or a letter inserted into it (first is where the two part).
  if (b.length === a.length - 1) return sameFrom(first + 1, first)
  if (b.length === a.length + 1) return isLetter(b[first]) && sameFrom(first, first + 1)
  return false
}

/** The distinct strings `word` leaves with one character deleted (by character, not UTF-16 unit). */
function deletionsOf(word: string): Set<string> {
  const letters = [...word]
  const deletions = new Set<string>()
  for (let i = 0; i < letters.length; i++) {
    deletions.add(letters.slice(0, i).join('') + letters.slice(i + 1).join(''))
  }
  return deletions
}

interface VocabularyWord {
  word: string
  docCount: number
  /** The word's own term as tsquery text (search-repo.ts wordTerm), parenthesised. */
  term: string
  /** Its place in the database's collation (ties between corrections are broken by it). */
  order: number
  trigrams: Set<string>
}

/** A correction candidate: found one edit away (tier 0, weighed by posts) or by trigrams (tier 1). */
interface Candidate {
  entry: VocabularyWord
  tier: number
  weight: number
}

/** The vocabulary, with a trigram index for corrections. */
export class Vocabulary {
  private readonly words = new Map<string, VocabularyWord>()
  private readonly byTrigram = new Map<string, VocabularyWord[]>()
  /**
   * The words under each string they leave with one character deleted: a word one edit from another
   * shares such a string with it, is one of its deletions, or has it among its own. A misspelt word is
   * corrected by looking up its few deletions here instead of its ~750 edits in `words`
   * (bench/README.md, session 29).
   */
  private readonly byDeletion = new Map<string, VocabularyWord[]>()

  /** Rows as `readVocabulary` reads them, in the database's collation order. */
  constructor(rows: readonly VocabularyRow[]) {
    rows.forEach((row, order) => {
      this.add(row.word, row.doc_count, row.term, order)
    })
  }

  /**
   * Follows the vocabulary to `rows` (as `readVocabularyCounts` reads them, in the database's order),
   * in place: counts and places are set, words that came are added with their terms from `termOf`,
   * words missing from `rows` are removed. Rebuilding the whole copy took 27–107 ms of the thread at
   * 1M posts (14,000 words) for every post created, edited or deleted (bench/README.md, session 29).
   * Answers the words whose count changed and, among them, those that came or went.
   */
  update(
    rows: readonly VocabularyCountRow[],
    termOf: (word: string) => string,
  ): { changed: string[]; cameOrWent: Set<string> } {
    const changed: string[] = []
    const cameOrWent = new Set<string>()
    const held = new Set<VocabularyWord>()
    rows.forEach((row, order) => {
      const entry = this.words.get(row.word)
      if (!entry) {
        held.add(this.add(row.word, row.doc_count, termOf(row.word), order))
        changed.push(row.word)
        cameOrWent.add(row.word)
        return
      }
      held.add(entry)
      if (entry.docCount !== row.doc_count) changed.push(row.word)
      entry.docCount = row.doc_count
      entry.order = order
    })
    if (held.size < this.words.size) {
      for (const entry of this.words.values()) {
        if (held.has(entry)) continue
        this.remove(entry)
        changed.push(entry.word)
        cameOrWent.add(entry.word)
      }
    }
    return { changed, cameOrWent }
  }

  private add(word: string, docCount: number, term: string, order: number): VocabularyWord {
    const entry: VocabularyWord = { word, docCount, term, order, trigrams: trigramsOf(word) }
    this.words.set(word, entry)
    for (const trigram of entry.trigrams) listUnder(this.byTrigram, trigram).push(entry)
    for (const deletion of deletionsOf(word)) listUnder(this.byDeletion, deletion).push(entry)
    return entry
  }

  private remove(entry: VocabularyWord): void {
    this.words.delete(entry.word)
    for (const trigram of entry.trigrams) dropFrom(this.byTrigram, trigram, entry)
    for (const deletion of deletionsOf(entry.word)) dropFrom(this.byDeletion, deletion, entry)
  }

  /** The words of this vocabulary one edit from `word` ({@link isOneEditAway}), each once. */
  private oneEditFrom(word: string): Set<VocabularyWord> {
    const found = new Set<VocabularyWord>()
    const consider = (entry: VocabularyWord | undefined) => {
      if (entry && !found.has(entry) && isOneEditAway(word, entry.word)) found.add(entry)
    }
    consider(this.words.get(word))
    for (const entry of this.byDeletion.get(word) ?? []) consider(entry)
    for (const deletion of deletionsOf(word)) {
      consider(this.words.get(deletion))
      for (const entry of this.byDeletion.get(deletion) ?? []) consider(entry)
    }
    return found
  }

  get size(): number {
    return this.words.size
  }

  /** Every word held. */
  knownWords(): IterableIterator<string> {
    return this.words.keys()
  }

  /** Whether a post's title, command or tags hold the word. */
  has(word: string): boolean {
    return this.words.has(word)
  }

  /**
   * The terms of the `limit` words that stand in for an unknown `word`, best first: those one edit
   * away, the most used first, then those whose trigram similarity is at least `threshold`, the most
   * similar first; ties by the database's order of the words.
   */
  corrections(word: string, threshold: number, limit: number): string[] {
    return this.correctionsOf(word, threshold, limit).map((entry) => entry.term)
  }

  /** {@link corrections}, each with its word. */
  correctionsOf(word: string, threshold: number, limit: number): Array<{ word: string; term: string }> {
    const candidates = new Map<string, Candidate>()
    const offer = (entry: VocabularyWord, tier: number, weight: number) => {
      const held = candidates.get(entry.word)
      if (!held) candidates.set(entry.word, { entry, tier, weight })
      else
        candidates.set(entry.word, {
          entry,
          tier: Math.min(held.tier, tier),
          weight: Math.max(held.weight, weight),
        })
    }
    for (const entry of this.oneEditFrom(word)) offer(entry, 0, entry.docCount)
    const trigrams = trigramsOf(word)
    const seen = new Set<VocabularyWord>()
    for (const trigram of trigrams) {
      for (const entry of this.byTrigram.get(trigram) ?? []) {
        if (seen.has(entry)) continue
        seen.add(entry)
        const similarity = trigramSimilarity(trigrams, entry.trigrams)
        if (similarity >= threshold) offer(entry, 1, similarity)
      }
    }
    return [...candidates.values()]
      .sort((a, b) => a.tier - b.tier || b.weight - a.weight || a.entry.order - b.entry.order)
      .slice(0, limit)
      .map((candidate) => ({ word: candidate.entry.word, term: candidate.entry.term }))
  }
}

/** The list under `key`, made empty when there is none. */
function listUnder<T>(lists: Map<string, T[]>, key: string): T[] {
  let list = lists.get(key)
  if (!list) {
    list = []
    lists.set(key, list)
  }
  return list
}

/** Takes `item` out of the list under `key`, and the list away once empty. */
function dropFrom<T>(lists: Map<string, T[]>, key: string, item: T): void {
  const list = (lists.get(key) ?? []).filter((other) => other !== item)
  if (list.length > 0) lists.set(key, list)
  else lists.delete(key)
}
