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
})
