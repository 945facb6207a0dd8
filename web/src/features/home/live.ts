import type { StatsResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { homeKeys } from './api'

/** Home page live updates: the `stats` topic carries the four tiles' absolute values. */
export const homeLive = {
  topicKinds: ['stats'],
  events: {
    'stats.updated': (queryClient, data) => {
      queryClient.setQueryData<StatsResponse>(homeKeys.stats(), (current) =>
        // Without a cached response there is no liveId to keep; the next fetch brings both.
        current ? { ...data, liveId: current.liveId } : current,
      )
    },
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: homeKeys.stats() })
  },
} satisfies LiveFeature
