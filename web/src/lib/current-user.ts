import type { ProfileHeader } from '@bashboard/server/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { sessionAtom } from '../state/session'
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

/** Moderators may delete anyone's comment; authors their own. */
export function canDeleteAs(user: Pick<ProfileHeader, '_id' | 'role'> | null, authorId: string): boolean {
  return user !== null && (user.role === 'moderator' || user._id === authorId)
}

export interface CurrentUser {
  /** True while a session exists, even before its profile has loaded. */
  signedIn: boolean
  /** The profile header, or null for guests and while it loads. */
  user: ProfileHeader | null
}

/**
 * The signed-in user, read from the same cached query the header shows. Loads only while a session
 * exists; a 401 is handled by the auth feature's header hook, which is always mounted.
 */
export function useCurrentUser(): CurrentUser {
  const session = useAtomValue(sessionAtom)
  const { data } = useQuery({ ...profileHeaderQueryOptions(), enabled: session !== null })
  return { signedIn: session !== null, user: session !== null ? (data ?? null) : null }
}
