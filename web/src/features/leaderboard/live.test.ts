import type { LeaderboardResponse, LeaderboardStats } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { leaderboardKeys } from './api'
import { leaderboardLive } from './live'

const stats: LeaderboardStats = { totalUsers: 40, activeUsers: 12, experts: 1, totalPoints: 4321 }

function board(period: LeaderboardResponse['period']): LeaderboardResponse {
  return {
    period,
    entries: [
      {
        _id: '00000000-0000-4000-8000-000000000001',
        username: 'ada',
        avatar: null,
        points: 90,
        badge: 'None',
      },
    ],
    stats,
    liveId: '4',
  }
}

describe('leaderboardLive leaderboard.stats', () => {
  it('replaces the stats of every cached tab and leaves their rows and other queries alone', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(leaderboardKeys.period('all'), board('all'))
    queryClient.setQueryData(leaderboardKeys.period('week'), board('week'))
    const entries = queryClient.getQueryData<LeaderboardResponse>(leaderboardKeys.period('all'))?.entries
    const other = { stats }
    queryClient.setQueryData(['home', 'website'], other)

    const next: LeaderboardStats = { totalUsers: 41, activeUsers: 13, experts: 1, totalPoints: 4323 }
    leaderboardLive.events['leaderboard.stats'](queryClient, { stats: next })

    for (const period of ['all', 'week'] as const) {
      const cached = queryClient.getQueryData<LeaderboardResponse>(leaderboardKeys.period(period))
      expect(cached).toEqual({ ...board(period), stats: next })
    }
    expect(queryClient.getQueryData<LeaderboardResponse>(leaderboardKeys.period('all'))?.entries).toBe(
      entries,
    )
    // A tab never opened stays unloaded, so opening it fetches the whole board.
    expect(queryClient.getQueryData(leaderboardKeys.period('month'))).toBeUndefined()
    expect(queryClient.getQueryData(['home', 'website'])).toBe(other)
  })
})
