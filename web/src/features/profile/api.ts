import type { UserProfile } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** Query keys of the profile page; under the signed-in user's root, so logging out drops them. */
export const profileKeys = {
  profile: () => [...currentUserKeyRoot, 'profile'] as const,
}

/** The signed-in user's profile with its tab lists (GET /api/website/user/profile). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.profile(),
    // An empty answer is "no profile data" (its own screen), not a failure; React Query refuses undefined.
    queryFn: async ({ signal }) =>
      (await apiFetch<UserProfile | undefined>('/api/website/user/profile', {
        signal,
        fallbackMessage: 'Failed to fetch user profile',
      })) ?? null,
  })
}
