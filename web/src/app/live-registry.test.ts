import type { StatsResponse } from '@bashboard/server/contract'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { homeKeys } from '../features/home/api'
import { liveDispatcher, liveFeatures } from './live-registry'

const stats: StatsResponse = {
  totalPosts: 10,
  totalUsers: 4,
  totalCategories: 3,
  todaysPosts: [],
  activeToday: 1,
  liveId: '12',
}

describe('the app live registry', () => {
  it("lists every feature's live.ts export, so no feature's live data silently stops updating", () => {
    const modules = import.meta.glob<Record<string, unknown>>('../features/*/live.ts', { eager: true })
    const exported = Object.entries(modules).flatMap(([path, module]) =>
      Object.entries(module)
        .filter(([name]) => name.endsWith('Live'))
        .map(([name, value]) => ({ name: `${path}:${name}`, value })),
    )
    expect(exported.length).toBeGreaterThanOrEqual(12)
    for (const { name, value } of exported) expect(liveFeatures, name).toContain(value)
  })

  it("has every feature that follows the caller's own marks answer a reset of their `user:` topic", () => {
    const following = liveFeatures.filter(
      (feature) => 'vote.changed' in feature.events || 'saved.changed' in feature.events,
    )
    expect(following.length).toBeGreaterThanOrEqual(6)
    for (const feature of following) expect(feature.topicKinds).toContain('user')
  })
})

describe('the app live dispatcher', () => {
  it('merges stats.updated into the cached home stats, keeping the response liveId', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(homeKeys.stats(), stats)
    liveDispatcher.dispatchEvent(queryClient, {
      type: 'event',
      topic: 'stats',
      event: 'stats.updated',
      id: '13',
      data: { totalPosts: 11, totalUsers: 5, totalCategories: 3, todaysPosts: [], activeToday: 2 },
    })
    expect(queryClient.getQueryData(homeKeys.stats())).toEqual({
      totalPosts: 11,
      totalUsers: 5,
      totalCategories: 3,
      todaysPosts: [],
      activeToday: 2,
      liveId: '12',
    })
  })

  it('invalidates the home stats when the stats topic is reset', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(homeKeys.stats(), stats)
    liveDispatcher.dispatchReset(queryClient, 'stats')
    expect(queryClient.getQueryState(homeKeys.stats())?.isInvalidated).toBe(true)
  })

  it("refetches the home page's cards when the caller's `user:` topic is reset (missed votes and saves)", () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(homeKeys.website(), { latestPosts: [], topWeeklyPosts: [] })
    queryClient.setQueryData(homeKeys.stats(), stats)
    liveDispatcher.dispatchReset(queryClient, 'user:u1')
    expect(queryClient.getQueryState(homeKeys.website())?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(homeKeys.stats())?.isInvalidated).toBe(false)
  })
})
