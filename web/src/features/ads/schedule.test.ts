import { describe, expect, it } from 'vitest'
import { adState, fromLocalInput, toLocalInput } from './schedule'

describe('adState', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z')
  it('is paused when inactive, whatever the schedule', () => {
    expect(adState({ active: false, showing: false, startsAt: null, endsAt: null }, now)).toBe('paused')
  })
  it('is showing when the server says so', () => {
    expect(adState({ active: true, showing: true, startsAt: null, endsAt: null }, now)).toBe('showing')
  })
  it('is scheduled before its start and ended after its end', () => {
    expect(
      adState({ active: true, showing: false, startsAt: '2026-12-01T00:00:00.000Z', endsAt: null }, now),
    ).toBe('scheduled')
    expect(
      adState({ active: true, showing: false, startsAt: null, endsAt: '2026-11-01T00:00:00.000Z' }, now),
    ).toBe('ended')
  })
})

describe('datetime-local conversion', () => {
  it('round-trips a time and treats empty as no bound', () => {
    const iso = '2026-11-21T09:30:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
    expect(toLocalInput(null)).toBe('')
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('garbage')).toBeNull()
  })
})
