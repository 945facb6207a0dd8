import type { LeaderboardResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { leaderboardKeys, mergeTopEntries } from './api'

/**
 * Leaderboard live updates (docs/product-rules.md#live). `leaderboard.updated` carries the new top 10 of one
 * period with absolute points, so it replaces the head of that tab's cached list; the rows below the 10th may
 * be out of date, so the tab is marked stale and refetched the next time it is opened or the window
 * regains focus. `leaderboard.stats` carries the all-time stats, which every tab shows alike, so it
 * replaces the stat tiles of every cached tab (each push follows the board events of the same change).
 */
export const leaderboardLive = {
  topicKinds: ['leaderboard'],
  events: {
    'leaderboard.updated': (queryClient, data) => {
      const key = leaderboardKeys.period(data.period)
      queryClient.setQueryData<LeaderboardResponse>(key, (current) =>
        current ? { ...current, entries: mergeTopEntries(current.entries, data.entries) } : current,
      )
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' })
    },
    'leaderboard.stats': (queryClient, data) => {
      queryClient.setQueriesData<LeaderboardResponse>({ queryKey: leaderboardKeys.all }, (current) =>
        current ? { ...current, stats: data.stats } : current,
      )
    },
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all })
  },
} satisfies LiveFeature
