import type { ProfileHeader } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiFetch } from './api-client'

/*
 * The signed-in user's header data is read by several features (the header, comments, create post),
 * and features never import each other, so its query key and options live here. The auth feature owns
 * everything else about the session (login, logout, the 401 → logout rule).
 */

/** Root of the signed-in user's private query keys; all of it is dropped on logout. */
export const currentUserKeyRoot = ['auth'] as const

/** The profile header's query key. */
export function profileHeaderKey() {
  return [...currentUserKeyRoot, 'profile-header'] as const
}

/** The header's user data (GET /api/website/user/profile/header). */
export function profileHeaderQueryOptions() {
  return queryOptions({
    queryKey: profileHeaderKey(),
    queryFn: ({ signal }) =>
      apiFetch<ProfileHeader>('/api/website/user/profile/header', {
        signal,
        fallbackMessage: 'Failed to fetch user profile',
      }),
    staleTime: 5 * 60_000,
    // A 401 means the session is gone; retrying cannot fix that, and the caller logs out at once.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 401) && failures < 2,
  })
}

/** Contributors and moderators may create posts (the API's `contributor` flag covers both). */
export function canCreatePosts(user: Pick<ProfileHeader, 'contributor' | 'role'>): boolean {
  return user.contributor || user.role === 'moderator'
}
