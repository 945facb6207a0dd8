/**
 * pg_trgm's `word_similarity(pattern, text)` in JavaScript, to the bit (float4, as PostgreSQL returns
 * it), for texts of ASCII only: outside ASCII, which characters are letters and how they lower-case
 * follow the database's locale, so those answer null and are left to PostgreSQL. A text's trigrams are
 * those of each of its words (letters and digits, lower-cased, two spaces before and one after); the
 * similarity is the greatest, over the runs of the text's trigrams, of the trigrams shared with the
 * pattern over those in either, found by PostgreSQL's own search (a run ends at each shared trigram and
 * starts wherever that gives more).
 */

const f = Math.fround

/** Whether every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return false
  return true
}

const WORD = /[A-Za-z0-9]+/g

/** pg_trgm's trigrams of a text in order (each word lower-cased, padded with two spaces before, one after). */
function trigrams(text: string): number[] {
  const found: number[] = []
  for (const [word] of text.matchAll(WORD)) {
    const padded = `  ${word.toLowerCase()} `
    for (let i = 0; i + 3 <= padded.length; i++) {
      found.push((padded.charCodeAt(i) << 16) | (padded.charCodeAt(i + 1) << 8) | padded.charCodeAt(i + 2))
    }
  }
  return found
}

/**
 * A text's trigrams in order, in one array: the number `d` of its distinct trigrams, each of them (d
 * values), then the text's trigrams in order, each as its place among the distinct (0 to d - 1).
 */
export type TrigramText = Int32Array

/** The trigrams of an ASCII text; null for any other (pg_trgm reads it by the database's locale). */
export function trigramText(text: string): TrigramText | null {
  if (!isAscii(text)) return null
  const numbers = new Map<number, number>()
  const all = trigrams(text)
  const order = all.map((trigram) => {
    let number = numbers.get(trigram)
    if (number === undefined) {
      number = numbers.size
      numbers.set(trigram, number)
    }
    return number
  })
  return Int32Array.from([numbers.size, ...numbers.keys(), ...order])
}

/** Bits of a pattern's filter ({@link TrigramPattern}): a power of two. */
const FILTER_BITS = 1024

/** Where trigram `code` falls in a pattern's filter (a multiplicative hash). */
const filterBit = (code: number) => Math.imul(code, 0x9e3779b1) >>> 22

/**
 * A search's distinct trigrams (the pattern of word_similarity), sorted, with a bit per trigram in a
 * filter of {@link FILTER_BITS}: a text's trigram whose bit is clear is not the pattern's, which
 * settles most of a text's trigrams with one read. With a set lookup for each, a post's two
 * similarities took twice as long (bench/README.md, session 31).
 */
export interface TrigramPattern {
  codes: Int32Array
  filter: Uint32Array
}

/** A search's trigram pattern; null outside ASCII. */
export function trigramPattern(search: string): TrigramPattern | null {
  if (!isAscii(search)) return null
  const codes = Int32Array.from(new Set(trigrams(search))).sort()
  const filter = new Uint32Array(FILTER_BITS / 32)
  for (const code of codes) {
    const bit = filterBit(code)
    filter[bit >>> 5] = (filter[bit >>> 5] as number) | (1 << (bit & 31))
  }
  return { codes, filter }
}

/** Whether the pattern holds trigram `code`. */
function holds(pattern: TrigramPattern, code: number): boolean {
  const bit = filterBit(code)
  if (((pattern.filter[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return false
  const { codes } = pattern
  // lib/lower-bound.ts's search, written out: through its callback a similarity cost 15 % more
  // (0.44 against 0.38 µs a pair of 1-4 and 3-10 words), and this runs for each trigram of each text.
  let low = 0
  let high = codes.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((codes[mid] as number) < code) low = mid + 1
    else high = mid
  }
  return codes[low] === code
}

/**
 * An upper bound of `word_similarity` of `pattern` to `text`: the share of the pattern's trigrams the
 * text holds. A run shares at most those, and is at least as long as what it shares.
 */
export function similarityBound(pattern: TrigramPattern, text: TrigramText): number {
  return f(markShared(pattern, text) / pattern.codes.length)
}

/**
 * Marks in `found`, by place, the text's distinct trigrams the pattern holds, clears `lastAt`, and
 * gives how many are shared.
 */
function markShared(pattern: TrigramPattern, text: TrigramText): number {
  const distinct = text[0] as number
  if (scratch.found.length < distinct) {
    scratch.found = new Uint8Array(distinct * 2)
    scratch.lastAt = new Int32Array(distinct * 2)
  }
  const { found, lastAt } = scratch
  lastAt.fill(-1, 0, distinct)
  let shared = 0
  for (let n = 0; n < distinct; n++) {
    const has = holds(pattern, text[1 + n] as number) ? 1 : 0
    found[n] = has
    shared += has
  }
  return shared
}

/**
 * `word_similarity` of a pattern's trigrams to a text's (see the module), or `floor` when that is
 * greater: a text whose bound ({@link similarityBound}) cannot beat `floor` is not searched.
 */
export function similarityTo(pattern: TrigramPattern, text: TrigramText, floor = 0): number {
  const distinct = text[0] as number
  const order = text.subarray(1 + distinct)
  const shared = markShared(pattern, text)
  if (shared === 0 || f(shared / pattern.codes.length) <= floor) return floor
  const { found, lastAt } = scratch
  const wanted = pattern.codes.length
  let length = 0
  let count = 0
  let lower = -1
  let best = floor
  for (let i = 0; i < order.length; i++) {
    const index = order[i] as number
    if (lower >= 0 || found[index] === 1) {
      if ((lastAt[index] as number) < 0) {
        length += 1
        count += found[index] as number
      }
      lastAt[index] = i
    }
    if (found[index] === 0) continue
    if (lower === -1) {
      lower = i
      length = 1
    }
    let current = f(count / (wanted + length - count))
    // A later start of the run may give a greater similarity.
    let tryCount = count
    let tryLength = length
    const previousLower = lower
    for (let start = lower; start <= i; start++) {
      // No later start can do better: a run never holds fewer trigrams than it shares, and as the start
      // moves on it shares no more, so tryCount / wanted bounds every candidate from here.
      if (f(tryCount / wanted) <= current) break
      const candidate = f(tryCount / (wanted + tryLength - tryCount))
      if (candidate > current) {
        current = candidate
        length = tryLength
        lower = start
        count = tryCount
      }
      const at = order[start] as number
      if (lastAt[at] === start) {
        tryLength -= 1
        tryCount -= found[at] as number
      }
    }
    if (current > best) best = current
    for (let start = previousLower; start < lower; start++) {
      const at = order[start] as number
      if (lastAt[at] === start) lastAt[at] = -1
    }
  }
  return best
}

/**
 * {@link similarityTo}'s work arrays, by distinct trigram of the text: scratch, filled afresh by every
 * call (which never yields), reused rather than allocated 40 times a search.
 */
const scratch = { found: new Uint8Array(256), lastAt: new Int32Array(256) }

/** `word_similarity(pattern, text)`; null when either text is not ASCII. */
export function wordSimilarity(pattern: string, text: string): number | null {
  const wanted = trigramPattern(pattern)
  const trigrams = trigramText(text)
  return wanted && trigrams ? similarityTo(wanted, trigrams) : null
}
