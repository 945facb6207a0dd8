import type { StatsResponse, WebsiteResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Query keys of the home page's data. */
export const homeKeys = {
  all: ['home'] as const,
  stats: () => [...homeKeys.all, 'stats'] as const,
  website: () => [...homeKeys.all, 'website'] as const,
}

/** Platform stats (GET /api/website/stats) with the `stats` topic's live id. */
export function statsQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.stats(),
    queryFn: ({ signal }) =>
      apiFetch<StatsResponse>('/api/website/stats', {
        signal,
        fallbackMessage: 'Failed to fetch website data',
      }),
    // Pushed live while the socket is up; the refetch on focus covers the time it is down.
    staleTime: 30_000,
  })
}

/** The home page's lists (GET /api/website): latest and weekly top posts, categories, weekly leaders. */
export function websiteQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.website(),
    queryFn: ({ signal }) =>
      apiFetch<WebsiteResponse>('/api/website', { signal, fallbackMessage: 'Failed to fetch website data' }),
  })
}
