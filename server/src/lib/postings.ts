/**
 * Posting lists for an in-memory inverted index: for one word, the documents that hold it (small
 * integers, in increasing order) with a score each. Lists only grow at the end (a new or re-indexed
 * document always gets a higher number), so they are kept in typed arrays and never re-sorted; queries
 * combine them with the merges below, which read each list once.
 */
export interface Postings {
  readonly docs: Int32Array
  readonly scores: Float32Array
  readonly length: number
}

/** An empty result, shared. */
export const NO_POSTINGS: Postings = { docs: new Int32Array(0), scores: new Float32Array(0), length: 0 }

/** A posting list that grows by appending documents in increasing order. */
export class PostingList implements Postings {
  docs = new Int32Array(4)
  scores = new Float32Array(4)
  length = 0
  /** At least every score held (dropping documents does not lower it). */
  maxScore = 0
  /**
   * Bumped when postings are dropped (`retain`), not by appends: a bitmap of the list made before it is
   * made again, one made since is brought up to date with the postings appended after it.
   */
  rewrites = 0

  /** A list of its own holding the postings of `list` (a merge's result, to append to later). */
  static copyOf(list: Postings): PostingList {
    const copy = new PostingList()
    const capacity = Math.max(4, list.length)
    copy.docs = new Int32Array(capacity)
    copy.docs.set(list.docs.subarray(0, list.length))
    copy.scores = new Float32Array(capacity)
    copy.scores.set(list.scores.subarray(0, list.length))
    copy.length = list.length
    copy.maxScore = maxScoreOf(list)
    return copy
  }

  /** Adds `doc` (greater than every document already held) with its score. */
  append(doc: number, score: number): void {
    if (this.length > 0 && doc <= (this.docs[this.length - 1] as number)) {
      throw new RangeError(`posting ${doc} is not after ${this.docs[this.length - 1]}`)
    }
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2)
      docs.set(this.docs)
      this.docs = docs
      const scores = new Float32Array(this.length * 2)
      scores.set(this.scores)
      this.scores = scores
    }
    this.docs[this.length] = doc
    this.scores[this.length] = score
    this.length += 1
    if (score > this.maxScore) this.maxScore = score
  }

  /** Keeps only the documents `keep` accepts (compaction after deletions). */
  retain(keep: (doc: number) => boolean): void {
    let kept = 0
    for (let i = 0; i < this.length; i++) {
      const doc = this.docs[i] as number
      if (!keep(doc)) continue
      this.docs[kept] = doc
      this.scores[kept] = this.scores[i] as number
      kept += 1
    }
    this.length = kept
    this.rewrites += 1
  }
}

/** Two lists merged: every document of either, with the higher of its scores. */
function unionOfTwo(a: Postings, b: Postings): Postings {
  const docs = new Int32Array(a.length + b.length)
  const scores = new Float32Array(a.length + b.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    const x = a.docs[i] as number
    const y = b.docs[j] as number
    if (x < y) {
      docs[n] = x
      scores[n++] = a.scores[i++] as number
    } else if (y < x) {
      docs[n] = y
      scores[n++] = b.scores[j++] as number
    } else {
      docs[n] = x
      scores[n++] = Math.max(a.scores[i++] as number, b.scores[j++] as number)
    }
  }
  while (i < a.length) {
    docs[n] = a.docs[i] as number
    scores[n++] = a.scores[i++] as number
  }
  while (j < b.length) {
    docs[n] = b.docs[j] as number
    scores[n++] = b.scores[j++] as number
  }
  return { docs, scores, length: n }
}

/**
 * Documents in any of `lists` (an OR of words), each scored by its best word. A short prefix unites
 * many long lists (`co:*` 28 at 1M posts, 760,000 documents in all), and merging them one after
 * another read the growing result once per list (180 ms for `co:*`, bench/README.md "Session 23").
 * The lists are merged in pairs, round by round, which reads each posting once per round; when the
 * rounds would read more than one pass over the documents' range, they are gathered over the range.
 */
export function unionMax(lists: readonly Postings[]): Postings {
  let round = lists.filter((list) => list.length > 0)
  if (round.length === 0) return NO_POSTINGS
  if (round.length === 1) return round[0] as Postings
  let total = 0
  let range = 0
  for (const list of round) {
    total += list.length
    range = Math.max(range, (list.docs[list.length - 1] as number) + 1)
  }
  const rounds = Math.ceil(Math.log2(round.length))
  if (range < total * (rounds - 1)) return unionOverRange(round, range)
  while (round.length > 1) {
    const next: Postings[] = []
    for (let k = 0; k + 1 < round.length; k += 2)
      next.push(unionOfTwo(round[k] as Postings, round[k + 1] as Postings))
    if (round.length % 2 === 1) next.push(round[round.length - 1] as Postings)
    round = next
  }
  return round[0] as Postings
}

/** {@link unionMax} by marking each document of `range` (every document is below it): one pass over each list, one over the range. */
function unionOverRange(lists: readonly Postings[], range: number): Postings {
  const held = new Uint8Array(range)
  const best = new Float32Array(range)
  let count = 0
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const doc = list.docs[i] as number
      const score = list.scores[i] as number
      if (held[doc] === 0) {
        held[doc] = 1
        best[doc] = score
        count += 1
      } else if (score > (best[doc] as number)) best[doc] = score
    }
  }
  const docs = new Int32Array(count)
  const scores = new Float32Array(count)
  let n = 0
  for (let doc = 0; doc < range; doc++) {
    if (held[doc] === 0) continue
    docs[n] = doc
    scores[n++] = best[doc] as number
  }
  return { docs, scores, length: n }
}

/** The first index of `list` at or after `from` whose document is ≥ `doc` (galloping, then binary). */
function seek(list: Postings, doc: number, from: number): number {
  let step = 1
  let low = from
  let high = from
  while (high < list.length && (list.docs[high] as number) < doc) {
    low = high + 1
    high += step
    step *= 2
  }
  high = Math.min(high, list.length)
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((list.docs[mid] as number) < doc) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * Documents in every one of `lists` (an AND of words), scored by the sum of their scores. Walks the
 * shortest list and seeks through the others, so a rare word bounds the work whatever the common ones.
 */
export function intersectSum(lists: readonly Postings[]): Postings {
  if (lists.length === 0) return NO_POSTINGS
  const sorted = [...lists].sort((a, b) => a.length - b.length)
  const shortest = sorted[0] as Postings
  if (sorted.length === 1) return shortest
  const others = sorted.slice(1)
  const positions = new Array<number>(others.length).fill(0)
  const docs = new Int32Array(shortest.length)
  const scores = new Float32Array(shortest.length)
  let n = 0
  outer: for (let i = 0; i < shortest.length; i++) {
    const doc = shortest.docs[i] as number
    let score = shortest.scores[i] as number
    for (let k = 0; k < others.length; k++) {
      const list = others[k] as Postings
      const at = seek(list, doc, positions[k] as number)
      positions[k] = at
      if (at >= list.length) break outer
      if ((list.docs[at] as number) !== doc) continue outer
      score += list.scores[at] as number
    }
    docs[n] = doc
    scores[n++] = score
  }
  return { docs, scores, length: n }
}

interface HeapEntry {
  doc: number
  score: number
}

const maxScores = new WeakMap<Postings, number>()

/** The highest score of a list (or an upper bound of it), so a search knows the best it can find. */
export function maxScoreOf(list: Postings): number {
  if (list instanceof PostingList) return list.maxScore
  let max = maxScores.get(list)
  if (max === undefined) {
    max = 0
    for (let i = 0; i < list.length; i++) max = Math.max(max, list.scores[i] as number)
    maxScores.set(list, max)
  }
  return max
}

/** The last index of `list` at or before `from` whose document is ≤ `doc` (-1 when none): galloping back. */
function seekBack(list: Postings, doc: number, from: number): number {
  let step = 1
  let high = from
  let low = from
  while (low >= 0 && (list.docs[low] as number) > doc) {
    high = low - 1
    low -= step
    step *= 2
  }
  low = Math.max(low, 0)
  if (high < low) return high
  // The answer is in [low, high]: the last one ≤ doc.
  while (low < high) {
    const mid = (low + high + 1) >>> 1
    if ((list.docs[mid] as number) <= doc) low = mid
    else high = mid - 1
  }
  return (list.docs[low] as number) <= doc ? low : low - 1
}

/** Bitmap words per chunk of {@link topOfTerms}. */
const CHUNK_WORDS = 64
/** Documents per chunk of {@link topOfTerms}: {@link CHUNK_WORDS} words of 32. */
const CHUNK = CHUNK_WORDS * 32

/** Documents per chunk of {@link topOfTerms}, for a caller that counts its dead documents by chunk. */
export const MATCH_CHUNK = CHUNK

/** A list's bitmap (null: too sparse for one), as of `length` postings and `rewrites` rewrites. */
interface KnownBitmap {
  rewrites: number
  length: number
  bits: Uint32Array | null
}

const bitmaps = new WeakMap<Postings, KnownBitmap>()

/**
 * A list is read from a bitmap when it holds at least one document in this many, else walked: at one
 * in 64 a bitmap takes no more room than the list's own documents and scores, so bitmaps at most double
 * the lists' memory. Session 29 found one in 16 faster (a bitmap is read whole, 64 words a chunk, a
 * walked list only its documents there); since the single bitmaps are scanned word by word for the
 * next chunk they can meet in ({@link lastCommonWord}), one in 64 matched the benchmark's 7,000 varied
 * searches in 100-118 µs against 130-141 µs at 1M posts (searches finding nothing 132-147 against
 * 227-245) and as fast at 100k (61-62 against 62-65 µs) (bench/README.md, session 32).
 */
const BITMAP_DENSITY = 64

/** Whether `postings` documents among `range` are dense enough to be read as a bitmap ({@link BITMAP_DENSITY}). */
export function isDense(postings: number, range: number): boolean {
  return postings * BITMAP_DENSITY >= range
}

/**
 * The list as a bitmap (bit d % 32 of word d / 32: document d), when it holds at least every
 * {@link BITMAP_DENSITY}th document; null otherwise. Made once per list; after appends (a new post's
 * words) only the appended postings are set, in words grown with room to spare, so a new post does not
 * cost every common word of it a new bitmap at its next search (bench/README.md, session 28). Words
 * past the last posting are zero.
 */
function bitmapOf(list: Postings): Uint32Array | null {
  const rewrites = rewritesOf(list)
  const known = bitmaps.get(list)
  if (known && known.rewrites === rewrites && known.length === list.length) return known.bits
  const last = list.length > 0 ? (list.docs[list.length - 1] as number) : 0
  let bits: Uint32Array | null = null
  let from = 0
  if (isDense(list.length, last)) {
    const words = (last >>> 5) + 1
    if (known?.bits && known.rewrites === rewrites && known.length < list.length) {
      bits = known.bits
      from = known.length
      bits = withRoomFor(bits, words)
    } else {
      bits = new Uint32Array(words)
    }
    setPostings(bits, list, from)
  }
  bitmaps.set(list, { rewrites, length: list.length, bits })
  return bits
}

/** How many times the list's postings were dropped (`PostingList.rewrites`; a merge's result: never). */
function rewritesOf(list: Postings): number {
  return list instanceof PostingList ? list.rewrites : 0
}

/**
 * `bits` if it has `words` words, else a copy grown to them with an eighth to spare, so a bitmap that
 * follows appended postings is not copied for every new post.
 */
function withRoomFor(bits: Uint32Array, words: number): Uint32Array {
  if (words <= bits.length) return bits
  const grown = new Uint32Array(words + (words >>> 3))
  grown.set(bits)
  return grown
}

/** Sets the bits of the documents of `list` from its `from`th posting on. */
function setPostings(bits: Uint32Array, list: Postings, from: number): void {
  for (let i = from; i < list.length; i++) {
    const doc = list.docs[i] as number
    bits[doc >>> 5] = ((bits[doc >>> 5] as number) | (1 << (doc & 31))) >>> 0
  }
}

/**
 * The union of a term's lists as one bitmap (bit d % 32 of word d / 32: some list holds document d), for
 * a term of several lists that together are dense ({@link isDense}): {@link topOfTerms} reads it per
 * chunk instead of OR-ing every list there, and scores from the lists themselves. The caller keeps it
 * across searches (modules/website/search-index.ts); it is brought up to date when read, like
 * {@link bitmapOf}: postings appended since are set, and a list compacted since makes it afresh.
 *
 * Its words can be those of a union the caller no longer keeps (`spare`, see {@link release}): a
 * union is a bit per post, 125 kB at 1M posts, and the benchmark's searches made about 400 new ones
 * in 12,000 searches there. Allocated afresh each time, they made V8 collect the whole heap three
 * times as often as without unions (bench/README.md, session 33).
 */
export class UnionBitmap {
  private words: Uint32Array
  /** Per list, the postings set so far and its `rewrites` then (empty: nothing set yet). */
  private setUpTo: number[] = []
  private rewritesSeen: number[] = []

  constructor(
    readonly lists: readonly Postings[],
    spare?: Uint32Array,
  ) {
    this.words = spare ?? new Uint32Array(0)
  }

  /**
   * Gives up its words for another union to reuse; this one is made afresh if read again. Only for a
   * union no search is reading (the caller's kept unions forget it).
   */
  release(): Uint32Array {
    const words = this.words
    this.words = new Uint32Array(0)
    this.setUpTo = []
    return words
  }

  /** Whether it unites exactly `lists` (the same lists, in the same order). */
  isOf(lists: readonly Postings[]): boolean {
    return lists.length === this.lists.length && lists.every((list, i) => list === this.lists[i])
  }

  /** The bitmap as of the lists now. */
  bits(): Uint32Array {
    if (
      this.lists.some((list, i) => this.setUpTo[i] === undefined || rewritesOf(list) !== this.rewritesSeen[i])
    ) {
      // Made afresh in the words it has (a spare's, or its own before a compaction), cleared.
      this.words.fill(0)
      this.setUpTo = this.lists.map(() => 0)
      this.rewritesSeen = this.lists.map(rewritesOf)
    }
    let last = 0
    for (const list of this.lists)
      if (list.length > 0) last = Math.max(last, list.docs[list.length - 1] as number)
    this.words = withRoomFor(this.words, (last >>> 5) + 1)
    const words = this.words
    for (let l = 0; l < this.lists.length; l++) {
      const list = this.lists[l] as Postings
      const from = this.setUpTo[l] as number
      // Made afresh, a dense list's own bitmap is OR-ed in, a word for 32 documents.
      const bits = from === 0 ? bitmapOf(list) : null
      if (bits) {
        const end = Math.min(bits.length, words.length)
        for (let w = 0; w < end; w++) words[w] = ((words[w] as number) | (bits[w] as number)) >>> 0
      } else {
        setPostings(words, list, from)
      }
      this.setUpTo[l] = list.length
    }
    return words
  }
}

/** The documents of the chunk every term read so far holds, alive ({@link topOfTerms}). */
const matchWords = new Uint32Array(CHUNK_WORDS)

/**
 * A term of {@link topOfTerms} as it is read. To match: its sparse lists walked and its dense ones read
 * as bitmaps, or the bitmap of their union when the caller keeps one. To score: every list, looked up
 * at the matches only. One per position in the query, kept between calls with its arrays emptied (the
 * walk is synchronous).
 */
interface TermReader {
  /** The term's documents of the chunk gathered last (bit i of word w: document chunk × CHUNK + w × 32 + i). */
  words: Uint32Array
  sparse: Postings[]
  /** The last index of each sparse list not yet gathered (from the end). */
  sparseAt: number[]
  bitmaps: Uint32Array[]
  /** Every list of the term, with its bitmap (null: walked) to tell quickly that it lacks a document. */
  scored: Postings[]
  scoredBits: Array<Uint32Array | null>
  /** Per list of `scored`, where its last score search ended: documents are scored newest first. */
  scoreAt: number[]
}

const termReaders: TermReader[] = []

/** Splits a term's lists into the sparse, walked, and the dense, read from their bitmaps (or `union`'s). */
function termReader(term: readonly Postings[], slot: number, union: UnionBitmap | undefined): TermReader {
  let reader = termReaders[slot]
  if (!reader) {
    reader = {
      words: new Uint32Array(CHUNK_WORDS),
      sparse: [],
      sparseAt: [],
      bitmaps: [],
      scored: [],
      scoredBits: [],
      scoreAt: [],
    }
    termReaders[slot] = reader
  }
  reader.sparse.length = 0
  reader.sparseAt.length = 0
  reader.bitmaps.length = 0
  reader.scored.length = 0
  reader.scoredBits.length = 0
  reader.scoreAt.length = 0
  for (const list of term) {
    const bits = bitmapOf(list)
    reader.scored.push(list)
    reader.scoredBits.push(bits)
    reader.scoreAt.push(list.length - 1)
    if (union) continue
    if (bits) {
      reader.bitmaps.push(bits)
    } else {
      reader.sparse.push(list)
      reader.sparseAt.push(list.length - 1)
    }
  }
  if (union) reader.bitmaps.push(union.bits())
  return reader
}

/**
 * Gathers the term's documents of chunk `chunk` into `reader.words`: its sparse lists' postings in
 * the chunk (their cursors move down past it) and its dense lists' words, OR-ed; whether it holds any.
 */
function gatherChunk(reader: TermReader, chunk: number): boolean {
  const low = chunk * CHUNK
  const high = low + CHUNK - 1
  const { words } = reader
  words.fill(0)
  let any = 0
  for (let l = 0; l < reader.sparse.length; l++) {
    const list = reader.sparse[l] as Postings
    const docs = list.docs
    let at = reader.sparseAt[l] as number
    if (at >= 0 && (docs[at] as number) > high) at = seekBack(list, high, at)
    while (at >= 0) {
      const offset = (docs[at] as number) - low
      if (offset < 0) break
      words[offset >>> 5] = (words[offset >>> 5] as number) | (1 << (offset & 31))
      any = 1
      at -= 1
    }
    reader.sparseAt[l] = at
  }
  const first = chunk * CHUNK_WORDS
  for (const bits of reader.bitmaps) {
    const end = Math.min(bits.length - first, CHUNK_WORDS)
    for (let w = 0; w < end; w++) {
      const word = (words[w] as number) | (bits[first + w] as number)
      words[w] = word
      any |= word
    }
  }
  return any !== 0
}

/** The term's best score for `doc`, which it holds: the best of its lists that hold it. */
function termScore(reader: TermReader, doc: number): number {
  let score = 0
  for (let l = 0; l < reader.scored.length; l++) {
    const bits = reader.scoredBits[l]
    if (bits && (doc >>> 5 >= bits.length || ((bits[doc >>> 5] as number) & (1 << (doc & 31))) === 0))
      continue
    const list = reader.scored[l] as Postings
    const at = seekBack(list, doc, reader.scoreAt[l] as number)
    reader.scoreAt[l] = at
    if (at >= 0 && list.docs[at] === doc) score = Math.max(score, list.scores[at] as number)
  }
  return score
}

/** The word arrays {@link andSources} AND-ed for a chunk, and the index of the chunk's first word in each. */
const sources: Uint32Array[] = []
const sourceFrom: number[] = []

/**
 * Sets `matchWords` to the AND of the first `count` {@link sources} (`alive` and at least one term),
 * word by word over the chunk's first `end` words (the rest 0), and gives the OR of the words set (0:
 * no match in the chunk). All of them in one loop: in V8 a loop over a chunk's 64 words costs about
 * the same with one array read as with five, so AND-ing the terms one pass each cost a pass per term
 * (bench/README.md, session 30).
 */
function andSources(count: number, end: number): number {
  let any = 0
  const a = sources[0] as Uint32Array
  const b = sources[1] as Uint32Array
  const c = sources[2] as Uint32Array
  const d = sources[3] as Uint32Array
  const fa = sourceFrom[0] as number
  const fb = sourceFrom[1] as number
  const fc = sourceFrom[2] as number
  const fd = sourceFrom[3] as number
  if (count === 2) {
    for (let w = 0; w < end; w++) {
      const word = (a[fa + w] as number) & (b[fb + w] as number)
      matchWords[w] = word
      any |= word
    }
  } else if (count === 3) {
    for (let w = 0; w < end; w++) {
      const word = (a[fa + w] as number) & (b[fb + w] as number) & (c[fc + w] as number)
      matchWords[w] = word
      any |= word
    }
  } else {
    // Four at once, then one pass for each further source (five terms or more: rare).
    for (let w = 0; w < end; w++) {
      const word =
        (a[fa + w] as number) & (b[fb + w] as number) & (c[fc + w] as number) & (d[fd + w] as number)
      matchWords[w] = word
      any |= word
    }
    for (let s = 4; s < count && any !== 0; s++) {
      const more = sources[s] as Uint32Array
      const from = sourceFrom[s] as number
      any = 0
      for (let w = 0; w < end; w++) {
        const word = (matchWords[w] as number) & (more[from + w] as number)
        matchWords[w] = word
        any |= word
      }
    }
  }
  for (let w = Math.max(end, 0); w < CHUNK_WORDS; w++) matchWords[w] = 0
  return any
}

/**
 * The highest word at or below `from` where every bitmap of `singles` (at least two, each longer than
 * `from`) holds a document in common; -1 when none. One loop over the words with nothing stored, and
 * a loop per count of bitmaps: three bitmaps of 1M posts that never meet are read in 68 µs this way,
 * 115 µs chunk by chunk ({@link andSources} and the walk's work per chunk) (bench/README.md, session 32).
 */
function lastCommonWord(singles: readonly Uint32Array[], from: number): number {
  const a = singles[0] as Uint32Array
  const b = singles[1] as Uint32Array
  if (singles.length === 2) {
    for (let w = from; w >= 0; w--) if (((a[w] as number) & (b[w] as number)) !== 0) return w
    return -1
  }
  const c = singles[2] as Uint32Array
  if (singles.length === 3) {
    for (let w = from; w >= 0; w--)
      if (((a[w] as number) & (b[w] as number) & (c[w] as number)) !== 0) return w
    return -1
  }
  const d = singles[3] as Uint32Array
  for (let w = from; w >= 0; w--) {
    if (((a[w] as number) & (b[w] as number) & (c[w] as number) & (d[w] as number)) === 0) continue
    let word = -1
    for (let s = 4; s < singles.length; s++) word &= (singles[s] as Uint32Array)[w] as number
    if (word !== 0) return w
  }
  return -1
}

/** The newest chunk below `chunk` holding a document of the term not yet read (-1 when none). */
function nextChunk(reader: TermReader, chunk: number): number {
  let next = -1
  for (let l = 0; l < reader.sparse.length; l++) {
    const at = reader.sparseAt[l] as number
    if (at >= 0)
      next = Math.max(next, Math.floor(((reader.sparse[l] as Postings).docs[at] as number) / CHUNK))
  }
  const below = chunk * CHUNK_WORDS
  for (const bits of reader.bitmaps) {
    let word = Math.min(below, bits.length) - 1
    const floor = (next + 1) * CHUNK_WORDS
    while (word >= floor && bits[word] === 0) word -= 1
    if (word >= floor) next = Math.floor(word / CHUNK_WORDS)
  }
  return Math.min(next, chunk - 1)
}

/** The number of set bits of a 32-bit word. */
function bitCount(word: number): number {
  let n = word - ((word >>> 1) & 0x55555555)
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333)
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/**
 * The `k` best documents of an AND of terms, each term an OR of lists, best first: by the sum over
 * the terms of the best score among the term's lists that hold the document, then the higher document
 * number (the index numbers documents as they are created, so the newer); and how many documents
 * match, counted up to `cap`. Only documents whose bit is set in `alive` (bit d % 32 of word d / 32).
 * `unions` gives, per term, the bitmap of its lists' union where the caller keeps one.
 * `deadIn`, per chunk of {@link MATCH_CHUNK} documents, counts the documents the lists may hold that
 * are not alive: a chunk where it is 0 is not AND-ed with `alive` (without it, every chunk is).
 *
 * Nothing is merged beforehand. The documents are read in chunks of {@link CHUNK}, newest first. A
 * term read from one bitmap (one dense list, {@link bitmapOf}, or its union) is AND-ed straight from
 * it; any other term's lists are gathered into the chunk's bitmap, a sparse list by walking its
 * postings in the chunk, a dense one by OR-ing its bitmap's words. The single bitmaps, `alive` and the
 * first gathered term (the one with the fewest postings) are AND-ed in one loop, then the other
 * gathered terms one by one, so a chunk costs a few dozen word operations, and scores are looked up
 * only for the matches. A gathered term with nothing left in a chunk moves the walk straight to that
 * term's next chunk (a leapfrog join), and the single bitmaps move it to the next chunk where they
 * hold a document in common. Scoring stops once the k kept all have the best score the lists
 * allow (an older document can at most tie, and loses the tie); from there matches are counted a
 * word at a time, up to `cap`. Past `cap` matches nothing is read: the newest `cap` are ranked among
 * themselves, so a search of common words reads their newest postings only. The term readers and
 * their arrays are reused from call to call: made afresh for each search, the chunked walk was no
 * faster than the blocks of 32 documents it replaced, one call per list and block (bench/README.md,
 * session 27).
 */
export function topOfTerms(
  terms: ReadonlyArray<readonly Postings[]>,
  k: number,
  cap: number,
  alive: Uint32Array,
  unions: ReadonlyArray<UnionBitmap | undefined> = [],
  deadIn?: ArrayLike<number>,
): { docs: number[]; count: number } {
  const size = (term: readonly Postings[]) => term.reduce((sum, list) => sum + list.length, 0)
  if (terms.length === 0 || terms.some((term) => size(term) === 0)) return { docs: [], count: 0 }
  const ordered = terms
    .map((term, i) => ({ lists: term.filter((list) => list.length > 0), union: unions[i], size: size(term) }))
    .sort((a, b) => a.size - b.size)
  let best = 0
  for (const term of ordered) best += Math.max(...term.lists.map(maxScoreOf))
  const readers = ordered.map((term, slot) => termReader(term.lists, slot, term.union))
  const heap: HeapEntry[] = []
  const worse = (a: HeapEntry, b: HeapEntry) => a.score < b.score || (a.score === b.score && a.doc < b.doc)
  let scoring = k > 0
  let count = 0
  let top = 0
  for (const list of (ordered[0] as (typeof ordered)[number]).lists)
    top = Math.max(top, list.docs[list.length - 1] as number)
  let chunk = Math.floor(top / CHUNK)
  // A term of one dense list (a known word, as most are) is read straight from its bitmap; any other
  // is gathered per chunk, the one with the fewest postings first.
  const gathered: TermReader[] = []
  const singles: Uint32Array[] = []
  for (const reader of readers) {
    if (reader.sparse.length === 0 && reader.bitmaps.length === 1)
      singles.push(reader.bitmaps[0] as Uint32Array)
    else gathered.push(reader)
  }
  // Where the single bitmaps hold no document in common no chunk can match: the next chunk they can
  // is found word by word, so a search that finds nothing does not read every chunk of every term.
  let singlesEnd = Number.POSITIVE_INFINITY
  for (const bits of singles) singlesEnd = Math.min(singlesEnd, bits.length)
  walk: while (chunk >= 0) {
    if (singles.length >= 2) {
      const word = lastCommonWord(singles, Math.min((chunk + 1) * CHUNK_WORDS, singlesEnd) - 1)
      if (word < 0) break
      chunk = Math.floor(word / CHUNK_WORDS)
    }
    const first = chunk * CHUNK_WORDS
    const head = gathered[0]
    if (head && !gatherChunk(head, chunk)) {
      // No match here: the next chunk that can match is this term's next one (none: nothing older can).
      chunk = nextChunk(head, chunk)
      continue
    }
    // Every single list and the first gathered term AND-ed at once, and the alive documents where the
    // lists may still hold a dead one: elsewhere `alive` is read for nothing, a bitmap's worth a search.
    let end = CHUNK_WORDS
    let read = 0
    for (const bits of singles) {
      sources[read] = bits
      sourceFrom[read++] = first
      end = Math.min(end, bits.length - first)
    }
    if (head) {
      sources[read] = head.words
      sourceFrom[read++] = 0
    }
    if (read < 2 || deadIn === undefined || deadIn[chunk] !== 0) {
      sources[read] = alive
      sourceFrom[read++] = first
      end = Math.min(end, alive.length - first)
    }
    if (andSources(read, end) === 0) {
      chunk -= 1
      continue
    }
    for (let g = 1; g < gathered.length; g++) {
      const reader = gathered[g] as TermReader
      let any = 0
      if (gatherChunk(reader, chunk)) {
        const { words } = reader
        for (let w = 0; w < CHUNK_WORDS; w++) {
          const word = (matchWords[w] as number) & (words[w] as number)
          matchWords[w] = word
          any |= word
        }
      }
      if (any !== 0) continue
      chunk = nextChunk(reader, chunk)
      continue walk
    }
    // Newest first: the highest word and bit first.
    for (let w = CHUNK_WORDS - 1; w >= 0; w--) {
      let mask = matchWords[w] as number
      if (mask === 0) continue
      if (!scoring) {
        count += bitCount(mask)
        if (count >= cap) break walk
        continue
      }
      while (mask !== 0) {
        const bit = 31 - Math.clz32(mask)
        mask &= ~(1 << bit)
        const doc = chunk * CHUNK + w * 32 + bit
        count += 1
        if (scoring) {
          let score = 0
          for (const reader of readers) score += termScore(reader, doc)
          pushBounded(heap, { doc, score }, k, worse)
          if (heap.length === k && (heap[0] as HeapEntry).score >= best) scoring = false
        }
        // Past the cap, matches are neither counted nor ranked: like the database path, a search
        // ranks among its first thousand matches, here the newest.
        if (count >= cap) break walk
      }
    }
    chunk -= 1
  }
  heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
  return { docs: heap.map((entry) => entry.doc), count: Math.min(count, cap) }
}

/** Adds `entry` to the min-heap of the best `k` (its root the worst kept), if it is among them. */
function pushBounded(
  heap: HeapEntry[],
  entry: HeapEntry,
  k: number,
  worse: (a: HeapEntry, b: HeapEntry) => boolean,
) {
  if (heap.length === k) {
    if (!worse(heap[0] as HeapEntry, entry)) return
    heap[0] = entry
    let at = 0
    for (;;) {
      const left = at * 2 + 1
      const right = left + 1
      let least = at
      if (left < heap.length && worse(heap[left] as HeapEntry, heap[least] as HeapEntry)) least = left
      if (right < heap.length && worse(heap[right] as HeapEntry, heap[least] as HeapEntry)) least = right
      if (least === at) return
      ;[heap[at], heap[least]] = [heap[least] as HeapEntry, heap[at] as HeapEntry]
      at = least
    }
  }
  heap.push(entry)
  let at = heap.length - 1
  while (at > 0) {
    const parent = (at - 1) >>> 1
    if (!worse(heap[at] as HeapEntry, heap[parent] as HeapEntry)) break
    ;[heap[at], heap[parent]] = [heap[parent] as HeapEntry, heap[at] as HeapEntry]
    at = parent
  }
}
