import { describe, expect, it } from 'vitest'
import { trendingScore } from './ranking.ts'

const now = new Date('2026-01-10T12:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000)
const base = { uplikeCount: 0, downlikeCount: 0, commentsCount: 0, viewCount: 0 }

describe('trendingScore', () => {
  it('computes (up − down + comments/2 + views/20) / (age + 2)^1.5', () => {
    const score = trendingScore(
      { uplikeCount: 10, downlikeCount: 2, commentsCount: 4, viewCount: 40, createdAt: hoursAgo(7) },
      now,
    )
    expect(score).toBeCloseTo((10 - 2 + 2 + 2) / 9 ** 1.5, 10)
  })

  it('ranks a newer post above an older one with the same counts', () => {
    const counts = { ...base, uplikeCount: 5 }
    expect(trendingScore({ ...counts, createdAt: hoursAgo(1) }, now)).toBeGreaterThan(
      trendingScore({ ...counts, createdAt: hoursAgo(48) }, now),
    )
  })

  it('lets net downvotes sink a post below zero', () => {
    expect(trendingScore({ ...base, downlikeCount: 3, createdAt: hoursAgo(1) }, now)).toBeLessThan(0)
  })
})
