import { describe, expect, it } from 'vitest'
import { BoundedMap } from './bounded-map.ts'

describe('BoundedMap', () => {
  it('forgets the least recently used entry past maxEntries; a read counts as a use', () => {
    const map = new BoundedMap<number>({ maxEntries: 2 })
    map.set('a', 1)
    map.set('b', 2)
    expect(map.get('a')).toBe(1)
    map.set('c', 3)
    expect(map.get('b')).toBeUndefined()
    expect(map.get('a')).toBe(1)
    expect(map.get('c')).toBe(3)
    expect(map.size).toBe(2)
  })

  it('peeks without counting a use, and iterates the least recently used first', () => {
    const map = new BoundedMap<number>({ maxEntries: 2 })
    map.set('a', 1)
    map.set('b', 2)
    expect(map.peek('a')).toBe(1)
    expect([...map].map(([key]) => key)).toEqual(['a', 'b'])
    map.set('c', 3)
    expect(map.peek('a')).toBeUndefined()
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
    ])
  })

  it('forgets the least recently used entries past maxWeight, keeping the weight it holds', () => {
    const map = new BoundedMap<string>({ maxEntries: 10, maxWeight: 10, weigh: (value) => value.length })
    map.set('a', 'xxxx')
    map.set('b', 'xxxx')
    expect(map.weight).toBe(8)
    map.set('c', 'xxxxx')
    expect(map.get('a')).toBeUndefined()
    expect(map.get('b')).toBe('xxxx')
    expect(map.weight).toBe(9)
    // Setting a key again replaces its weight rather than adding to it.
    map.set('b', 'x')
    expect(map.weight).toBe(6)
    expect(map.delete('b')).toBe(true)
    expect(map.delete('b')).toBe(false)
    expect(map.weight).toBe(5)
  })

  it('keeps the entry just set even when it alone is over the weight, and forgets all the others', () => {
    const map = new BoundedMap<string>({ maxEntries: 10, maxWeight: 3, weigh: (value) => value.length })
    map.set('a', 'x')
    map.set('big', 'xxxxxx')
    expect(map.get('big')).toBe('xxxxxx')
    expect(map.get('a')).toBeUndefined()
    expect(map.size).toBe(1)
    map.clear()
    expect(map.size).toBe(0)
    expect(map.weight).toBe(0)
  })

  it('weighs a value that grew in place again only when asked, and forgets as much as it added', () => {
    const map = new BoundedMap<number[]>({ maxEntries: 10, maxWeight: 6, weigh: (value) => value.length })
    const grown = [1, 2]
    map.set('grown', grown)
    map.set('other', [1, 2, 3])
    expect(map.weight).toBe(5)
    grown.push(3, 4)
    // Not weighed again yet: the weight held is what was added.
    expect(map.weight).toBe(5)
    map.reweigh('grown')
    // 4 + 3 is over 6: the least recently used other entry goes, never the one weighed.
    expect(map.weight).toBe(4)
    expect(map.peek('other')).toBeUndefined()
    expect([...map]).toEqual([['grown', [1, 2, 3, 4]]])
    // A value grown and forgot without weighing takes away what it last weighed.
    grown.push(5)
    expect(map.delete('grown')).toBe(true)
    expect(map.weight).toBe(0)
    map.reweigh('gone')
    expect(map.size).toBe(0)
  })

  it('tells onForget of every value that leaves, and not of one set again under its key', () => {
    const forgotten: string[] = []
    const map = new BoundedMap<{ name: string }>({
      maxEntries: 2,
      onForget: (value) => forgotten.push(value.name),
    })
    const a = { name: 'a' }
    map.set('a', a)
    map.set('b', { name: 'b' })
    // The same value set again is still held: nothing to reuse.
    map.set('a', a)
    expect(forgotten).toEqual([])
    // Past maxEntries the least recently used (b) goes.
    map.set('c', { name: 'c' })
    expect(forgotten).toEqual(['b'])
    // Replaced by another value, deleted, cleared.
    map.set('a', { name: 'a2' })
    expect(forgotten).toEqual(['b', 'a'])
    map.delete('c')
    expect(forgotten).toEqual(['b', 'a', 'c'])
    map.delete('c')
    map.clear()
    expect(forgotten).toEqual(['b', 'a', 'c', 'a2'])
    expect(map.size).toBe(0)
  })
})
