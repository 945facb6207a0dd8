import type { LeaderboardEntry, LeaderboardPeriod, LeaderboardResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** The tabs in order, with their labels (docs/product-rules.md#leaderboard). */
export const LEADERBOARD_PERIODS: ReadonlyArray<{ value: LeaderboardPeriod; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
]

/** Query keys of leaderboard data. */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  period: (period: LeaderboardPeriod) => [...leaderboardKeys.all, period] as const,
}

/** One tab of the leaderboard page (GET /api/leaderboard?period=): entries, stats and the topic's live id. */
export function leaderboardQueryOptions(period: LeaderboardPeriod) {
  return queryOptions({
    queryKey: leaderboardKeys.period(period),
    queryFn: ({ signal }) =>
      apiFetch<LeaderboardResponse>(`/api/leaderboard?period=${period}`, {
        signal,
        fallbackMessage: 'Failed to fetch leaderboard data',
      }),
  })
}

/**
 * Merges a pushed top 10 into a cached board: the pushed rows replace the head of the list, and the
 * other cached rows follow in their old order. A row that fell out of the top 10 cannot outrank the
 * pushed 10th place, so it is kept below them rather than re-sorted by its (older) points.
 */
export function mergeTopEntries(
  current: readonly LeaderboardEntry[],
  top: readonly LeaderboardEntry[],
): LeaderboardEntry[] {
  const pushed = new Set(top.map((entry) => entry._id))
  return [...top, ...current.filter((entry) => !pushed.has(entry._id))]
}
