import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { ApiError, apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot, profileHeaderKey, profileHeaderQueryOptions } from '../../lib/current-user'
import { sessionAtom } from '../../state/session'

// The signed-in session's reads and logout, which every page's header and layout use; login and signup
// (their mutations) are in api.ts, loaded with their pages (the entry chunk's weight, web/README.md).

/** Query keys of the signed-in user's own data; all of it is dropped on logout. */
export const authKeys = {
  all: currentUserKeyRoot,
  profileHeader: profileHeaderKey,
}

/** The header's user data; defined in lib/current-user so other features can read the same cache entry. */
export { profileHeaderQueryOptions }

/**
 * Ends the session: asks the server to end it (the request takes its CSRF token before the cookies are
 * forgotten, and its answer clears the session cookie), drops the user's private data and refetches the
 * rest as a guest. The tab does not wait: a server that cannot be reached leaves a session that expires.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  return useCallback(() => {
    void apiFetch('/api/user/logout', { method: 'POST' }).catch(() => undefined)
    setSession(null)
    queryClient.removeQueries({ queryKey: authKeys.all })
    // Everything else may hold per-user details (your vote on a post): refetch it as a guest.
    void queryClient.invalidateQueries()
  }, [queryClient, setSession])
}

/**
 * The signed-in user's header data. Loads only while a session exists; a 401 answer (token revoked,
 * password changed elsewhere) logs the tab out.
 */
export function useProfileHeader() {
  const session = useAtomValue(sessionAtom)
  const logout = useLogout()
  const query = useQuery({ ...profileHeaderQueryOptions(), enabled: session !== null })
  const unauthorized = query.error instanceof ApiError && query.error.status === 401
  useEffect(() => {
    if (unauthorized && session !== null) logout()
  }, [unauthorized, session, logout])
  return query
}
