import { describe, expect, it } from 'vitest'
import { formatDay, formatDayAndTime, formatDayUtc, formatMonth } from './format-day'

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

describe('formatDayUtc', () => {
  it('writes the UTC day, whatever the time zone, as the server render and the takeover write it', () => {
    // The last minute of a UTC day is the next day in Auckland and still the same day in UTC.
    expect(formatDayUtc('2026-12-02T23:59:00Z')).toBe('Dec 2, 2026')
    expect(formatDayUtc('2026-12-03T00:00:00Z')).toBe('Dec 3, 2026')
    expect(formatDayUtc('0099-05-01T12:00:00Z')).toBe(
      new Date('0099-05-01T12:00:00Z').toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    )
    expect(formatDayUtc(null)).toBe('Unknown date')
    expect(formatDayUtc('not a date')).toBe('Unknown date')
  })
})

describe('formatDayAndTime', () => {
  it('writes what Intl.DateTimeFormat("en", medium date, short time) writes, at every hour', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
    for (let t = Date.UTC(2026, 0, 31, 0, 7); t < Date.UTC(2026, 1, 3); t += 37 * 60 * 1000) {
      const iso = new Date(t).toISOString()
      // Newer ICU puts a narrow no-break space before AM/PM; a tooltip reads the same with a plain one.
      expect(formatDayAndTime(iso), iso).toBe(intl.format(t).replace('\u202f', ' '))
    }
  })

  it('gives nothing for a broken date', () => {
    expect(formatDayAndTime('not a date')).toBeUndefined()
  })
})

describe('formatMonth', () => {
  it('writes what toLocaleDateString("en-US", long month and year) writes', () => {
    for (let month = 0; month < 24; month++) {
      for (const day of [1, 15, 28]) {
        const iso = new Date(2025, month, day, 12).toISOString()
        expect(formatMonth(iso), iso).toBe(
          new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
        )
      }
    }
    expect(formatMonth('0999-06-15T12:00:00Z')).toBe(
      new Date('0999-06-15T12:00:00Z').toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
    )
  })

  it('says "an unknown date" for a broken date', () => {
    expect(formatMonth('not a date')).toBe('an unknown date')
  })
})
