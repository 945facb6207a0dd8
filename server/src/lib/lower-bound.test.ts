import { describe, expect, it } from 'vitest'
import { lowerBound } from './lower-bound.ts'

describe('lowerBound', () => {
  it('finds the first item not below a value, in numbers and in strings', () => {
    const numbers = [2, 4, 4, 4, 9]
    const at = (value: number) => lowerBound(numbers.length, (i) => (numbers[i] as number) < value)
    expect([1, 2, 3, 4, 5, 9, 10].map(at)).toEqual([0, 0, 1, 1, 4, 4, 5])
    const words = ['dock', 'docker', 'dog', 'ls']
    expect(lowerBound(words.length, (i) => (words[i] as string) < 'doc')).toBe(0)
    expect(lowerBound(words.length, (i) => (words[i] as string) < 'dog')).toBe(2)
    expect(lowerBound(words.length, (i) => (words[i] as string) < 'zz')).toBe(4)
  })

  it('is 0 for nothing to search, and asks about log2 of the count', () => {
    expect(lowerBound(0, () => true)).toBe(0)
    let asked = 0
    expect(
      lowerBound(1_000_000, (i) => {
        asked += 1
        return i < 123_456
      }),
    ).toBe(123_456)
    expect(asked).toBeLessThanOrEqual(20)
  })
})
