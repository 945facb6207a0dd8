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

  it('says "Unknown date" for an unparseable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('Unknown date')
  })
})
