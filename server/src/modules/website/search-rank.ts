import { lowerBound } from '../../lib/lower-bound.ts'
import { pgSort } from '../../lib/pg-sort.ts'
import { CLASS_SCORES, parseTsvectorEntries, type QueryNode } from './tsearch-text.ts'
import {
  isAscii,
  similarityTo,
  type TrigramPattern,
  type TrigramText,
  trigramPattern,
  trigramText,
} from './word-similarity.ts'

/**
 * A search page's rank computed in JavaScript, to the bit what PostgreSQL computes for
 * `ts_rank(search, query) + greatest(word_similarity(s, title), word_similarity(s, command))`
 * (search-repo.ts ranks with that expression): the in-memory index then orders its candidates
 * without a statement. PostgreSQL computes ts_rank in float4 (single precision), rounding wherever it
 * stores a float and keeping doubles where its arithmetic is double, so each step here is rounded with
 * Math.fround just there. Where the result depends on something this does not model, it answers null
 * and the caller asks PostgreSQL: text outside ASCII (word-similarity.ts). search-rank.test.ts compares
 * every part with PostgreSQL's on the seeded posts, and bench/api/rank-check.ts on a generated database.
 */

const f = Math.fround

/** ts_rank's default weights by position class (D, C, B, A), as the float4 values PostgreSQL holds. */
const CLASS_WEIGHTS = CLASS_SCORES.map(f)

/** One more than the largest position a tsvector stores. */
const MAX_ENTRY_POS = 1 << 14

/** A position with no position data (a stripped vector): class D, at the last position. */
const POSITION_ABSENT = [(MAX_ENTRY_POS - 1) * 4]

/** ts_rank's weight of two query words `distance` positions apart as float4. */
const DISTANCE_WEIGHTS = Array.from({ length: 101 }, (_, distance) =>
  f(1 / (1.005 + 0.05 * Math.exp(distance / 1.5 - 2))),
)
const FAR_WEIGHT = f(1e-30)

const distanceWeight = (distance: number) =>
  distance > 100 ? FAR_WEIGHT : (DISTANCE_WEIGHTS[distance] as number)
const classWeight = (position: number) => CLASS_WEIGHTS[position & 3] as number

/** A query word as ts_rank reads it, once per distinct word. */
interface RankOperand {
  lexeme: string
  prefix: boolean
  ascii: boolean
}

const operandOf = (lexeme: string, prefix: boolean): RankOperand => ({
  lexeme,
  prefix,
  ascii: isAscii(lexeme),
})

/** A tsquery prepared for ranking: its distinct words in PostgreSQL's order, and whether its top is an AND. */
export interface RankQuery {
  and: boolean
  operands: RankOperand[]
}

/**
 * The words of a query as ts_rank takes them: every operand of the tree, in the order PostgreSQL
 * stores them (the reverse of the text's: its parser prepends each item it reads), sorted by bytes
 * with PostgreSQL's own sort, the first of equal words kept. A word written both whole and as a prefix
 * (`'ssh' | 'ssh':*`) is ranked as the one kept, which the sort decides.
 */
export function rankQuery(tree: QueryNode): RankQuery {
  const found: Array<{ lexeme: string; prefix: boolean }> = []
  let ascii = true
  const collect = (node: QueryNode) => {
    if (node.kind === 'operand') {
      found.push({ lexeme: node.lexeme, prefix: node.prefix })
      ascii &&= isAscii(node.lexeme)
    } else for (const child of node.children) collect(child)
  }
  collect(tree)
  // ASCII text orders the same by UTF-16 unit as by byte, with no buffer made for each word.
  if (ascii) pgSort(found.reverse(), (a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0))
  else {
    const bytes = new Map(found.map((operand) => [operand, Buffer.from(operand.lexeme)]))
    pgSort(found.reverse(), (a, b) => Buffer.compare(bytes.get(a) as Buffer, bytes.get(b) as Buffer))
  }
  const operands: RankOperand[] = []
  for (const operand of found) {
    if (operands[operands.length - 1]?.lexeme === operand.lexeme) continue
    operands.push(operandOf(operand.lexeme, operand.prefix))
  }
  return { and: tree.kind === 'and', operands }
}

/**
 * A post's search vector as ts_rank reads it, compact: the lexemes in the vector's order in one flat
 * string (each after a NUL, which no lexeme holds, and a NUL at the end), and in one array the number
 * of lexemes `n`, where each starts in `text` (n + 1 values, the last one past the end), where each
 * one's positions start (n + 1 values, the last the end) and every position (`position * 4 + class`,
 * tsearch-text.ts). Kept for thousands of posts, it is two objects each, not one per word.
 */
export interface RankVector {
  text: string
  data: Uint32Array
  /** Whether every lexeme is ASCII: then a word is found by a binary search (see `entriesOf`). */
  ascii: boolean
}

/** The compact form of a tsvector's text, as PostgreSQL prints it: its lexemes sorted (`entriesOf` relies on it). */
export function rankVector(searchText: string): RankVector {
  const entries = parseTsvectorEntries(searchText)
  const n = entries.length
  let positionCount = 0
  for (const entry of entries) positionCount += entry.positions.length
  const data = new Uint32Array(1 + 2 * (n + 1) + positionCount)
  data[0] = n
  let offset = 0
  let at = 2 * (n + 1) + 1
  for (const [e, entry] of entries.entries()) {
    data[1 + e] = offset + 1
    offset += entry.lexeme.length + 1
    data[n + 2 + e] = at
    for (const position of entry.positions) data[at++] = position
  }
  data[1 + n] = offset + 1
  data[2 * n + 2] = at
  // Joined, not appended piece by piece: appending makes a rope of one node per piece.
  const text = `\0${entries.map((entry) => entry.lexeme).join('\0')}\0`
  return { text, data, ascii: isAscii(text) }
}

/** Where the lexeme of entry `e` starts in the vector's text. */
const lexemeStart = (vector: RankVector, e: number) => vector.data[1 + e] as number
/** Where the positions of entry `e` start in the vector's data; they end where the next entry's start. */
const positionStart = (vector: RankVector, e: number) =>
  vector.data[(vector.data[0] as number) + 2 + e] as number

/** The entry whose lexeme starts at `offset` of the vector's text. */
function entryAt(vector: RankVector, offset: number): number {
  return lowerBound(vector.data[0] as number, (e) => lexemeStart(vector, e) < offset)
}

/** No entry (shared: read, never written). */
const NONE: number[] = []

/**
 * How the lexeme of entry `e` compares with `lexeme` (negative: it comes first), in a vector's order
 * (by bytes, a shorter word before the longer it starts), for ASCII text, where UTF-16 units order
 * as bytes do; read in place, the NUL after the entry's lexeme ending it.
 */
function compareEntry(vector: RankVector, e: number, lexeme: string): number {
  const { text } = vector
  const start = lexemeStart(vector, e)
  for (let i = 0; ; i++) {
    const held = text.charCodeAt(start + i)
    const wanted = i < lexeme.length ? lexeme.charCodeAt(i) : 0
    if (held !== wanted) return held - wanted
    if (held === 0) return 0
  }
}

/**
 * The entries an operand finds, in the vector's order: the one equal to it, or all a prefix starts.
 * A binary search over the sorted lexemes when both are ASCII; else a search of the vector's text,
 * which reads all of it (a post's vector holds its description's words too).
 */
function entriesOf(vector: RankVector, operand: RankOperand): number[] {
  const { text } = vector
  const n = vector.data[0] as number
  let first: number
  if (vector.ascii && operand.ascii) {
    const low = lowerBound(n, (e) => compareEntry(vector, e, operand.lexeme) < 0)
    if (low === n || !text.startsWith(operand.lexeme, lexemeStart(vector, low))) return NONE
    first = low
  } else {
    const at = text.indexOf(`\0${operand.lexeme}`)
    if (at < 0) return NONE
    first = entryAt(vector, at + 1)
  }
  if (!operand.prefix) {
    // The first entry the word starts is the word itself, or a longer one.
    return text.charCodeAt(lexemeStart(vector, first) + operand.lexeme.length) === 0 ? [first] : NONE
  }
  const found: number[] = []
  // A prefix's lexemes stand together: the vector is sorted.
  for (let e = first; e < n; e++) {
    if (!text.startsWith(operand.lexeme, lexemeStart(vector, e))) break
    found.push(e)
  }
  return found
}

/** ts_rank of anything but an AND: each word's occurrences, weighted, summed and averaged over the words. */
function rankOr(vector: RankVector, found: ReadonlyArray<number[]>): number {
  const { data } = vector
  let rank = f(0)
  for (const matched of found) {
    for (const e of matched) {
      const first = positionStart(vector, e)
      const end = positionStart(vector, e + 1)
      let sum = f(0)
      let best = f(-1)
      let bestAt = 0
      // No positions: one, of class D.
      const count = end > first ? end - first : 1
      for (let j = 0; j < count; j++) {
        const weight = end > first ? classWeight(data[first + j] as number) : (CLASS_WEIGHTS[0] as number)
        sum = f(sum + f(weight / ((j + 1) * (j + 1))))
        if (weight > best) {
          best = weight
          bestAt = j
        }
      }
      const term = f(f(best + sum) - f(best / ((bestAt + 1) * (bestAt + 1))))
      rank = f(rank + term / 1.64493406685)
    }
  }
  return f(rank / found.length)
}

/** The positions of entry `e`, or the stand-in of a vector without positions. */
function positionsOf(vector: RankVector, e: number): ArrayLike<number> {
  const first = positionStart(vector, e)
  const end = positionStart(vector, e + 1)
  return end > first ? vector.data.subarray(first, end) : POSITION_ABSENT
}

/** ts_rank of an AND: every pair of occurrences of two distinct words, by how close they stand. */
function rankAnd(vector: RankVector, found: ReadonlyArray<number[]>): number {
  let rank = f(-1)
  const last: number[] = found.map(() => -1)
  for (let i = 0; i < found.length; i++) {
    for (const e of found[i] as number[]) {
      last[i] = e
      const here = positionsOf(vector, e)
      for (let k = 0; k < i; k++) {
        const other = last[k] as number
        if (other < 0) continue
        const there = positionsOf(vector, other)
        const eitherAbsent = here === POSITION_ABSENT || there === POSITION_ABSENT
        for (let l = 0; l < here.length; l++) {
          const a = here[l] as number
          for (let p = 0; p < there.length; p++) {
            const b = there[p] as number
            let distance = Math.abs((a >> 2) - (b >> 2))
            if (distance === 0 && !eitherAbsent) continue
            if (distance === 0) distance = MAX_ENTRY_POS
            const weight = f(Math.sqrt(f(f(classWeight(a) * classWeight(b)) * distanceWeight(distance))))
            rank = rank < 0 ? weight : f(1 - (1 - rank) * (1 - weight))
          }
        }
      }
    }
  }
  return rank
}

/** `ts_rank(vector, query)` with the default weights and no normalisation. */
export function tsRank(vector: RankVector, query: RankQuery): number {
  if (vector.data[0] === 0 || query.operands.length === 0) return 0
  const found = query.operands.map((operand) => entriesOf(vector, operand))
  const rank = query.and && found.length >= 2 ? rankAnd(vector, found) : rankOr(vector, found)
  return rank < 0 ? f(1e-20) : rank
}

/** What ranking a post needs, as the database reads it: its search vector as text, title and command. */
export interface RankSource {
  search: string
  title: string
  command: string
}

/** A {@link RankSource} read for ranking, as the search index keeps it. */
export interface RankDocument {
  vector: RankVector
  /** Null outside ASCII: such a post is ranked by PostgreSQL. */
  title: TrigramText | null
  command: TrigramText | null
}

/** A post's rank document, read once when the index keeps it. */
export function rankDocument(source: RankSource): RankDocument {
  return {
    vector: rankVector(source.search),
    title: trigramText(source.title),
    command: trigramText(source.command),
  }
}

/** A search as ranking reads it: its query's words and its own trigrams. */
export interface RankPattern {
  search: string
  query: RankQuery
  /** Null outside ASCII: the search is ranked by PostgreSQL. */
  trigrams: TrigramPattern | null
}

/** A search's rank pattern, made once for all its candidates. */
export function rankPattern(search: string, query: RankQuery): RankPattern {
  return { search, query, trigrams: trigramPattern(search) }
}

/**
 * A post's rank for a search, as search-repo.ts computes it in PostgreSQL (text rank plus the best
 * trigram word similarity of the search to title or command); null when only PostgreSQL can tell.
 */
export function searchRank(pattern: RankPattern, document: RankDocument): number | null {
  const { trigrams } = pattern
  if (!trigrams || !document.title || !document.command) return null
  const text = tsRank(document.vector, pattern.query)
  // The greater similarity: the command's is worked out only when it could beat the title's.
  const similarity = similarityTo(trigrams, document.command, similarityTo(trigrams, document.title))
  return f(text + similarity)
}
