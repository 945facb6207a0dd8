import type { LeaderboardResponse } from '@bashboard/server/contract'
import type { LiveFeature } from '../../live/types'
import { leaderboardKeys, mergeTopEntries } from './api'

/**
 * Leaderboard live updates (DESIGN §5): `leaderboard.updated` carries the new top 10 of one period with
 * absolute points, so it replaces the head of that tab's cached list. The stats tiles are not in the push;
 * the tab is marked stale so they are refetched the next time it is opened or the window regains focus.
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
  },
  reset: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all })
  },
} satisfies LiveFeature
