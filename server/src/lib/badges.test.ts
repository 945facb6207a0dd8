import { describe, expect, it } from 'vitest'
import { BADGE_TIERS, badgeForPoints, badgeProgress } from './badges.ts'

describe('badgeForPoints', () => {
  it('gives Newbie from 0 up to the Explorer threshold', () => {
    expect(badgeForPoints(0)).toBe('Newbie')
    expect(badgeForPoints(9)).toBe('Newbie')
    expect(badgeForPoints(49)).toBe('Newbie')
  })

  it('gives each tier exactly at its threshold and keeps it until the next one', () => {
    const expected: Array<[number, string]> = [
      [50, 'Explorer'],
      [99, 'Explorer'],
      [100, 'Rising'],
      [149, 'Rising'],
      [150, 'Hot'],
      [249, 'Hot'],
      [250, 'Advanced'],
      [499, 'Advanced'],
      [500, 'Pro'],
      [999, 'Pro'],
      [1000, 'Expert'],
      [1999, 'Expert'],
      [2000, 'Legend'],
      [1_000_000, 'Legend'],
    ]
    for (const [points, badge] of expected) expect(badgeForPoints(points), `${points} points`).toBe(badge)
  })

  it('treats a negative total as 0', () => {
    expect(badgeForPoints(-5)).toBe('Newbie')
  })

  it('lists the tiers in increasing order', () => {
    const mins = BADGE_TIERS.map((tier) => tier.min)
    expect(mins).toEqual([...mins].sort((a, b) => a - b))
  })
})

describe('badgeProgress', () => {
  it('measures progress as a share of the gap between the two tiers', () => {
    expect(badgeProgress(75)).toEqual({ badge: 'Explorer', next: 'Rising', pointsToNext: 25, percent: 50 })
    expect(badgeProgress(0)).toEqual({ badge: 'Newbie', next: 'Explorer', pointsToNext: 50, percent: 0 })
  })

  it('reports 100 percent and no next tier at Legend', () => {
    expect(badgeProgress(2500)).toEqual({ badge: 'Legend', next: null, pointsToNext: 0, percent: 100 })
  })
})
