import type { LeaderboardEntry, WebsiteResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { postFixture, websiteFixture } from '../../test/post-fixtures'
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

describe('home post cards live', () => {
  it("writes a pushed vote into the home lists' cards and leaves other queries as they were", () => {
    const post = postFixture({ uplikeCount: 1, downlikeCount: 0 })
    const other = postFixture()
    const queryClient = new QueryClient()
    queryClient.setQueryData(
      homeKeys.website(),
      websiteFixture({ latestPosts: [other, post], topWeeklyPosts: [post] }),
    )
    const stats = { ...website([]).platformStats, liveId: '4' }
    queryClient.setQueryData(homeKeys.stats(), stats)
    const foreign = { posts: [post] }
    queryClient.setQueryData(['elsewhere'], foreign)

    homeLive.events['post.votes'](queryClient, { postId: post._id, uplikeCount: 5, downlikeCount: 2 })

    const home = queryClient.getQueryData<WebsiteResponse>(homeKeys.website())
    expect(home?.latestPosts[1]).toMatchObject({ _id: post._id, uplikeCount: 5, downlikeCount: 2 })
    expect(home?.topWeeklyPosts[0]).toMatchObject({ uplikeCount: 5, downlikeCount: 2 })
    expect(home?.latestPosts[0]).toBe(other)
    expect(queryClient.getQueryData(homeKeys.stats())).toBe(stats)
    expect(queryClient.getQueryData(['elsewhere'])).toBe(foreign)
  })

  it('renames an author on the home cards, and refetches them when a `post:<id>` they hold is reset', () => {
    const post = postFixture()
    const queryClient = new QueryClient()
    queryClient.setQueryData(homeKeys.website(), websiteFixture({ latestPosts: [post], topWeeklyPosts: [] }))
    homeLive.events['author.updated'](queryClient, {
      userId: post.author._id,
      username: 'grace',
      avatar: null,
    })
    expect(
      queryClient.getQueryData<WebsiteResponse>(homeKeys.website())?.latestPosts[0]?.author.username,
    ).toBe('grace')
    homeLive.reset(queryClient, `post:${postFixture()._id}`)
    expect(queryClient.getQueryState(homeKeys.website())?.isInvalidated).toBe(false)
    homeLive.reset(queryClient, `post:${post._id}`)
    expect(queryClient.getQueryState(homeKeys.website())?.isInvalidated).toBe(true)
  })
})
