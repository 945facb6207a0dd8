import { describe, expect, it } from 'vitest'
import { formatDay } from './format-day'

const intl = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

describe('formatDay', () => {
  it('writes exactly what toLocaleDateString("en-US", short month, numeric day and year) writes', () => {
    const days: string[] = []
    // Every day of two years (each month, both ends of each month), at the edges of a UTC day.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 24 * 3600 * 1000) {
      days.push(new Date(t).toISOString(), new Date(t + 23 * 3600 * 1000 + 59 * 60 * 1000).toISOString())
    }
    days.push(
      '1970-01-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00Z',
      '9999-12-31T00:00:00Z',
    )
    days.push('0999-06-01T00:00:00Z', '0001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '2026-11-21')
    for (const iso of days) expect(formatDay(iso), iso).toBe(intl(iso))
  })

  it('says "Unknown date" for a missing or broken date', () => {
    expect(formatDay(null)).toBe('Unknown date')
    expect(formatDay(undefined)).toBe('Unknown date')
    expect(formatDay('')).toBe('Unknown date')
    expect(formatDay('not a date')).toBe('Unknown date')
  })
})
