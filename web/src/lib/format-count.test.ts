import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count'

describe('formatCount', () => {
  it('writes exactly what toLocaleString("en-US") writes', () => {
    const values = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      9999,
      10_000,
      12_345,
      99_999,
      100_000,
      123_456,
      999_999,
      1_000_000,
      1_234_567,
      2 ** 31,
      2 ** 32 + 7,
      Number.MAX_SAFE_INTEGER,
      -1,
      -999,
      -1000,
      -1_234_567,
      Number.MIN_SAFE_INTEGER,
      2 ** 53,
      1e21,
      1.5,
      1234.5678,
      -0.25,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n)
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'))
  })
})
