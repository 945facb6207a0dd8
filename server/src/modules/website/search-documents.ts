import { lowerBound } from '../../lib/lower-bound.ts'
import { MATCH_CHUNK, PostingList } from '../../lib/postings.ts'
import type { SearchDocumentRow } from './search-repo.ts'
import { type DocumentWord, parseTsvector } from './tsearch-text.ts'

/** Bytes of a post id (a UUID) in the id store. */
const ID_BYTES = 16

/** Writes the 16 bytes of the UUID `id` at `offset`. */
function writeId(target: Uint8Array, offset: number, id: string): void {
  const hex = id.replaceAll('-', '')
  if (hex.length !== ID_BYTES * 2) throw new TypeError(`not a UUID: ${id}`)
  for (let i = 0; i < ID_BYTES; i++) target[offset + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
}

/** Each byte's two hex digits, so an id is read without formatting a number per byte. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/** The UUID whose 16 bytes start at `offset`, in its usual text form. */
function readId(source: Uint8Array, offset: number): string {
  let id = ''
  for (let i = 0; i < ID_BYTES; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-'
    id += HEX[source[offset + i] as number]
  }
  return id
}

/**
 * The search index's documents (search-index.ts): a posting list per lexeme, and for each document
 * number the post's id, creation time and whether it is still alive. Everything per document lives in
 * typed arrays, not in a million strings and a Map: the garbage collector then has a few thousand
 * objects to walk, not millions, so holding a large site's index does not lengthen every other
 * request's pauses. Finding a post's number (an edit or a deletion) scans the ids from the newest,
 * where the posts being changed usually are.
 */
export class Documents {
  readonly lists = new Map<string, PostingList>()
  private ids = new Uint8Array(1024 * ID_BYTES)
  private created = new Float64Array(1024)
  /** Bit d % 32 of word d / 32 set: document d is alive (lib/postings.ts topOfTerms reads it as is). */
  private aliveWords = new Uint32Array(1024 / 32)
  /** Document numbers given so far (the next one is this). */
  private size = 0
  private aliveCount = 0
  private dead = 0
  /**
   * Per chunk of the match (lib/postings.ts MATCH_CHUNK), the documents marked dead since the lists
   * last dropped theirs: where it is 0 the match does not read `aliveWords` (topOfTerms).
   */
  private deadSinceCompaction = new Uint16Array(Math.ceil(1024 / MATCH_CHUNK))
  /**
   * Bumped when postings are dropped (a compaction): lists combined before it are made again. Adding
   * a document only appends, so combined lists are patched with it instead (search-index.ts).
   */
  epoch = 0
  private sortedLexemes: string[] | null = null

  /**
   * Adds a post under the next number, first marking its old number dead. `fresh` (a build reading
   * each post once) skips looking for an old number. Returns the number and the post's words.
   */
  add(row: SearchDocumentRow, fresh = false): { doc: number; words: DocumentWord[] } {
    if (!fresh) this.remove(row.id)
    const doc = this.size
    if (doc === this.created.length) this.grow()
    writeId(this.ids, doc * ID_BYTES, row.id)
    this.created[doc] = row.created_ms
    this.aliveWords[doc >>> 5] = ((this.aliveWords[doc >>> 5] as number) | (1 << (doc & 31))) >>> 0
    this.size += 1
    this.aliveCount += 1
    const words = parseTsvector(row.search)
    for (const word of words) {
      let list = this.lists.get(word.lexeme)
      if (!list) {
        list = new PostingList()
        this.lists.set(word.lexeme, list)
        this.sortedLexemes = null
      }
      list.append(doc, word.score)
    }
    return { doc, words }
  }

  /** Marks the post dead (its postings are dropped once the dead are a fifth of the documents). */
  remove(id: string): void {
    const doc = this.find(id)
    if (doc < 0) return
    this.aliveWords[doc >>> 5] = ((this.aliveWords[doc >>> 5] as number) & ~(1 << (doc & 31))) >>> 0
    this.aliveCount -= 1
    this.dead += 1
    const chunk = Math.floor(doc / MATCH_CHUNK)
    this.deadSinceCompaction[chunk] = (this.deadSinceCompaction[chunk] as number) + 1
    if (this.dead * 5 > this.aliveCount) this.compact()
  }

  alive = (doc: number): boolean => ((this.aliveWords[doc >>> 5] as number) & (1 << (doc & 31))) !== 0

  /** Which documents are alive, as a bitmap (see `aliveWords`); changes with the documents. */
  get aliveBitmap(): Uint32Array {
    return this.aliveWords
  }

  /** Per chunk of the match, how many documents the lists hold that are dead (see `deadSinceCompaction`). */
  get deadByChunk(): Uint16Array {
    return this.deadSinceCompaction
  }

  /** How many document numbers were given (alive or dead): every document is below it. */
  get numbered(): number {
    return this.size
  }

  /** The creation time (ms) of the post a document number stands for. */
  createdOf(doc: number): number {
    return this.created[doc] as number
  }

  /** The id of the post a document number stands for. */
  idOf(doc: number): string {
    return readId(this.ids, doc * ID_BYTES)
  }

  /** The number of posts held and the creation time of the newest (null when none). */
  fingerprint(): { count: number; newestMs: number | null } {
    let newestMs: number | null = null
    for (let doc = 0; doc < this.size; doc++) {
      if (!this.alive(doc)) continue
      const created = this.created[doc] as number
      if (newestMs === null || created > newestMs) newestMs = created
    }
    return { count: this.aliveCount, newestMs }
  }

  /**
   * The lexemes that start with `prefix`, from a sorted copy made when lexemes were added. Any
   * lexicographic order keeps the words of a prefix together, so JavaScript's own (by UTF-16 unit),
   * which needs no conversion, does. At most `limit` of them, the first in that order.
   */
  lexemesStartingWith(prefix: string, limit = Number.POSITIVE_INFINITY): string[] {
    if (!this.sortedLexemes) this.sortedLexemes = [...this.lists.keys()].sort()
    const sorted = this.sortedLexemes
    const found: string[] = []
    for (
      let i = lowerBound(sorted.length, (at) => (sorted[at] as string) < prefix);
      i < sorted.length && found.length < limit && (sorted[i] as string).startsWith(prefix);
      i++
    ) {
      found.push(sorted[i] as string)
    }
    return found
  }

  /** The live number of the post `id`, or -1: newest first. */
  private find(id: string): number {
    const wanted = new Uint8Array(ID_BYTES)
    writeId(wanted, 0, id)
    const first = wanted[0] as number
    outer: for (let doc = this.size - 1; doc >= 0; doc--) {
      const offset = doc * ID_BYTES
      if (this.ids[offset] !== first || !this.alive(doc)) continue
      for (let i = 1; i < ID_BYTES; i++) if (this.ids[offset + i] !== wanted[i]) continue outer
      return doc
    }
    return -1
  }

  private grow(): void {
    const capacity = this.created.length * 2
    const ids = new Uint8Array(capacity * ID_BYTES)
    ids.set(this.ids)
    this.ids = ids
    const created = new Float64Array(capacity)
    created.set(this.created)
    this.created = created
    const alive = new Uint32Array(capacity / 32)
    alive.set(this.aliveWords)
    this.aliveWords = alive
    const dead = new Uint16Array(Math.ceil(capacity / MATCH_CHUNK))
    dead.set(this.deadSinceCompaction)
    this.deadSinceCompaction = dead
  }

  private compact(): void {
    for (const [lexeme, list] of this.lists) {
      list.retain(this.alive)
      if (list.length === 0) {
        this.lists.delete(lexeme)
        this.sortedLexemes = null
      }
    }
    this.dead = 0
    this.deadSinceCompaction.fill(0)
    this.epoch += 1
  }
}
