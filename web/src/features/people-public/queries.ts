import type { PublicProfileResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/*
 * Members' public profiles (`/u/<username>`): keys and query options, apart from the page so a loader or
 * a prefetch can use them without the page's code.
 */

/** Query keys of public profiles; readable by anyone, so not under the signed-in user's root. */
export const publicProfileKeys = {
  all: () => ['public-profile'] as const,
  // Names are matched without case on the server, so the key is too: /u/Alice and /u/alice share it.
  profile: (username: string, page: number) =>
    [...publicProfileKeys.all(), username.toLowerCase(), page] as const,
}

/** A member's public profile with page `page` of their posts (GET /api/users/{username}/profile). */
export function publicProfileQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: publicProfileKeys.profile(username, page),
    queryFn: ({ signal }) =>
      apiFetch<PublicProfileResponse>(
        `/api/users/${encodeURIComponent(username)}/profile${page > 1 ? `?page=${page}` : ''}`,
        { signal, fallbackMessage: 'Failed to load the profile' },
      ),
  })
}
