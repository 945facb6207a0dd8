import { describe, expect, it } from 'vitest'
import { pgSort } from './pg-sort.ts'

/*
 * Which of equal items PostgreSQL's sort puts first is checked against PostgreSQL itself in
 * modules/website/search-rank.test.ts (ts_rank keeps the first); here, that it sorts.
 */
describe('pgSort', () => {
  it('sorts short, presorted and long inputs, keeping every item', () => {
    for (const length of [0, 1, 5, 6, 7, 8, 40, 41, 60, 500]) {
      const items = Array.from({ length }, (_, i) => ({ key: (i * 37) % 11, at: i }))
      const sorted = pgSort([...items], (a, b) => a.key - b.key)
      expect(sorted.map((item) => item.key)).toEqual(items.map((item) => item.key).sort((a, b) => a - b))
      expect(new Set(sorted.map((item) => item.at)).size).toBe(length)
      const again = pgSort([...sorted], (a, b) => a.key - b.key)
      // Sorted input is left as it is.
      expect(again).toEqual(sorted)
    }
  })

  it('keeps equal items in their order below seven, and not always from seven on', () => {
    const equal = (n: number) => Array.from({ length: n }, (_, at) => ({ key: at === 0 ? 1 : 0, at }))
    const short = pgSort(equal(6), (a, b) => a.key - b.key)
    expect(short.map((item) => item.at)).toEqual([1, 2, 3, 4, 5, 0])
    const long = pgSort(equal(9), (a, b) => a.key - b.key)
    expect(long.map((item) => item.key)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1])
    expect(long.map((item) => item.at)).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0])
  })
})
