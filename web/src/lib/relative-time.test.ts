import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = Date.parse('2026-11-21T12:00:00Z')
const ago = (seconds: number): string => new Date(now - seconds * 1000).toISOString()

describe('formatRelativeTime', () => {
  it('says "just now" for the last 45 seconds and for clocks slightly ahead', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now')
    expect(formatRelativeTime(ago(-30), now)).toBe('just now')
  })

  it('counts whole minutes, hours and days back', () => {
    expect(formatRelativeTime(ago(50), now)).toBe('1 minute ago')
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago')
    expect(formatRelativeTime(ago(3 * 3600 + 100), now)).toBe('3 hours ago')
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday')
    expect(formatRelativeTime(ago(15 * 86400), now)).toBe('2 weeks ago')
    expect(formatRelativeTime(ago(400 * 86400), now)).toBe('last year')
  })

  it('writes what Intl.RelativeTimeFormat("en", numeric "auto") writes for the whole units ago', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const units = [
      ['year', 365 * 86400],
      ['month', 30 * 86400],
      ['week', 7 * 86400],
      ['day', 86400],
      ['hour', 3600],
      ['minute', 60],
    ] as const
    for (const [unit, size] of units) {
      for (const count of [1, 2, 3, 5, 11, 23, 59, 364, 1000, 12345]) {
        // Within the unit's range: a count of a smaller unit below the next unit's size.
        const larger = units.find(([, bigger]) => bigger > size && count * size >= bigger)
        if (larger) continue
        expect(formatRelativeTime(ago(count * size), now), `${count} ${unit}`).toBe(intl.format(-count, unit))
      }
    }
  })

  it('says "Unknown date" for an unparseable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('Unknown date')
  })
})
