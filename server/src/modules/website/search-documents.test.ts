import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MATCH_CHUNK } from '../../lib/postings.ts'
import { Documents } from './search-documents.ts'

const row = (id: string, search: string, createdMs = 1000) => ({ id, search, created_ms: createdMs })

/** The ids of the live documents in a lexeme's list. */
function holders(documents: Documents, lexeme: string): string[] {
  const list = documents.lists.get(lexeme)
  if (!list) return []
  const ids: string[] = []
  for (let i = 0; i < list.length; i++) {
    const doc = list.docs[i] as number
    if (documents.alive(doc)) ids.push(documents.idOf(doc))
  }
  return ids
}

describe('Documents', () => {
  it('gives each post the next number, and its id back exactly', () => {
    const documents = new Documents()
    const ids = Array.from({ length: 3000 }, () => randomUUID())
    for (const [i, id] of ids.entries()) documents.add(row(id, `'docker':1A 'n${i % 7}':2C`, i), true)
    expect(holders(documents, 'docker')).toEqual(ids)
    expect(documents.idOf(2999)).toBe(ids[2999])
    expect(documents.fingerprint()).toEqual({ count: 3000, newestMs: 2999 })
  })

  it('re-reads an edited post under a new number and forgets the old one', () => {
    const documents = new Documents()
    const [a, b] = [randomUUID(), randomUUID()]
    documents.add(row(a, "'tar':1A 'archive':2A", 10))
    documents.add(row(b, "'tar':1A", 20))
    // Added under the next number, with its words (what the index patches its combined lists with).
    expect(documents.add(row(a, "'zip':1A", 10))).toEqual({ doc: 2, words: [{ lexeme: 'zip', score: 1 }] })
    expect(holders(documents, 'tar')).toEqual([b])
    expect(holders(documents, 'zip')).toEqual([a])
    expect(holders(documents, 'archive')).toEqual([])
    expect(documents.fingerprint()).toEqual({ count: 2, newestMs: 20 })
  })

  it('forgets a deleted post, drops dead postings once they pile up, and ignores unknown ids', () => {
    const documents = new Documents()
    const ids = Array.from({ length: 10 }, () => randomUUID())
    for (const id of ids) documents.add(row(id, "'ls':1A"))
    documents.remove(randomUUID())
    expect(documents.fingerprint().count).toBe(10)
    for (const id of ids.slice(0, 3)) documents.remove(id)
    expect(holders(documents, 'ls')).toEqual(ids.slice(3))
    // Two dead against eight alive is past a fifth: the list was compacted then, a new epoch (lists
    // combined before it are made again); the third one waits.
    expect(documents.lists.get('ls')?.length).toBe(8)
    expect(documents.epoch).toBe(1)
    for (const id of ids.slice(3)) documents.remove(id)
    expect(documents.lists.has('ls')).toBe(false)
    expect(documents.fingerprint()).toEqual({ count: 0, newestMs: null })
  })

  it('counts, by chunk of the match, the dead documents the lists still hold, and none once dropped', () => {
    const documents = new Documents()
    const ids = Array.from({ length: MATCH_CHUNK * 2 + 10 }, () => randomUUID())
    for (const id of ids) documents.add(row(id, "'ls':1A"), true)
    expect([...documents.deadByChunk.subarray(0, 3)]).toEqual([0, 0, 0])
    documents.remove(ids[1] as string)
    documents.remove(ids[7] as string)
    // An edit marks its old number dead too.
    documents.add(row(ids[MATCH_CHUNK * 2 + 3] as string, "'ls':1A 'tar':2B"))
    expect([...documents.deadByChunk.subarray(0, 3)]).toEqual([2, 0, 1])
    // Past a fifth dead the lists drop them: nothing dead is left in any list.
    let next = MATCH_CHUNK
    while (documents.epoch === 0) documents.remove(ids[next++] as string)
    expect(next).toBeGreaterThan(MATCH_CHUNK + 600)
    expect(documents.deadByChunk.every((count) => count === 0)).toBe(true)
    // Counted again from there.
    documents.remove(ids[next] as string)
    expect(documents.deadByChunk[Math.floor(next / MATCH_CHUNK)]).toBe(1)
  })

  it('finds every lexeme a prefix starts, and only those', () => {
    const documents = new Documents()
    documents.add(row(randomUUID(), "'dock':1A 'docker':2A 'docker-compos':3A 'do':4A 'dog':5A 'ls':6B"))
    expect(documents.lexemesStartingWith('dock')).toEqual(['dock', 'docker', 'docker-compos'])
    expect(documents.lexemesStartingWith('do')).toEqual(['do', 'dock', 'docker', 'docker-compos', 'dog'])
    expect(documents.lexemesStartingWith('x')).toEqual([])
    expect(documents.lexemesStartingWith('do', 2)).toEqual(['do', 'dock'])
    documents.add(row(randomUUID(), "'docs':1A"))
    expect(documents.lexemesStartingWith('doc')).toEqual(['dock', 'docker', 'docker-compos', 'docs'])
  })

  it('refuses an id that is not a UUID', () => {
    expect(() => new Documents().add(row('not-a-uuid', "'a':1A"))).toThrow(TypeError)
  })
})
