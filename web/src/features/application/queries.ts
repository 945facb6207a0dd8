import type { UserApplicationResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

// The /application page's query options, apart from its upload: the route's loader imports them, and
// loaders are in the entry chunk (web/README.md, "Weight").

/*
 * The applicant's own data lives under the signed-in user's key root, so logging out drops it with the
 * rest of the private cache.
 */

/** Query keys of the /application page. */
export const applicationKeys = {
  all: [...currentUserKeyRoot, 'application'] as const,
  mine: () => [...applicationKeys.all, 'mine'] as const,
}

/** GET /api/applications/user: the caller's latest application and its status. */
export function myApplicationQueryOptions() {
  return queryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: ({ signal }) =>
      apiFetch<UserApplicationResponse>('/api/applications/user', {
        signal,
        fallbackMessage: 'Failed to fetch application status',
      }),
  })
}
