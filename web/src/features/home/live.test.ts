import type { LeaderboardEntry, WebsiteResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { homeKeys } from './api'
import { homeLive, weeklyLeadersAfterPush } from './live'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const leader = (n: number, points: number): WebsiteResponse['userLeaderboard'][number] => ({
  _id: id(n),
  username: `user_${n}`,
  avatar: null,
  points,
  badge: 'Explorer',
})
const entry = (n: number, points: number): LeaderboardEntry => ({
  _id: id(n),
  username: `user_${n}`,
  avatar: null,
  points,
  badge: 'None',
})

function website(leaders: WebsiteResponse['userLeaderboard']): WebsiteResponse {
  return {
    latestPosts: [],
    topWeeklyPosts: [],
    categories: [],
    platformStats: { totalPosts: 1, totalUsers: 1, totalCategories: 1, todaysPosts: [], activeToday: 0 },
    userLeaderboard: leaders,
    myReactedPosts: null,
    liveIds: { posts: '1', stats: '1' },
  }
}

describe('home weekly leaders live', () => {
  it('reorders known leaders with their new points and keeps their tier badges', () => {
    const next = weeklyLeadersAfterPush([leader(1, 30), leader(2, 20)], [entry(2, 42), entry(1, 30)])
    expect(next).toEqual([{ ...leader(2, 42) }, { ...leader(1, 30) }])
  })

  it('asks for a refetch when someone new enters the top 5', () => {
    expect(weeklyLeadersAfterPush([leader(1, 30)], [entry(9, 50), entry(1, 30)])).toBeNull()
  })

  it('applies only week pushes to the cached home data', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(homeKeys.website(), website([leader(1, 30), leader(2, 20)]))
    const handler = homeLive.events['leaderboard.updated']
    handler(queryClient, { period: 'all', entries: [entry(2, 900)] })
    expect(queryClient.getQueryData<WebsiteResponse>(homeKeys.website())?.userLeaderboard[0]?._id).toBe(id(1))
    handler(queryClient, { period: 'week', entries: [entry(2, 44), entry(1, 30)] })
    const leaders = queryClient.getQueryData<WebsiteResponse>(homeKeys.website())?.userLeaderboard
    expect(leaders?.map((item) => [item.username, item.points])).toEqual([
      ['user_2', 44],
      ['user_1', 30],
    ])
  })
})
