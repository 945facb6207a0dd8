import type { AuthResponse, LoginBody, SignupBody } from '@bashboard/server/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { ApiError, apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot, profileHeaderKey, profileHeaderQueryOptions } from '../../lib/current-user'
import { SESSION_LIFETIME_MS, type Session, sessionAtom } from '../../state/session'

/** Query keys of the signed-in user's own data; all of it is dropped on logout. */
export const authKeys = {
  all: currentUserKeyRoot,
  profileHeader: profileHeaderKey,
}

/** The header's user data; defined in lib/current-user so other features can read the same cache entry. */
export { profileHeaderQueryOptions }

/** Ends the session: forgets the token, drops the user's private data and refetches the rest as a guest. */
export function useLogout(): () => void {
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  return useCallback(() => {
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

/** The session to store for a fresh token: the server's expiry, or one hour from now if it sent none. */
export function sessionFromAuth(auth: AuthResponse, now: number = Date.now()): Session {
  const expiresAt = Number.isNaN(Date.parse(auth.expiresAt))
    ? new Date(now + SESSION_LIFETIME_MS).toISOString()
    : auth.expiresAt
  return { token: auth.token, expiresAt }
}

/** Stores the session of a successful login or signup and seeds the header with the returned user. */
function useStartSession(): (auth: AuthResponse) => void {
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  return useCallback(
    (auth: AuthResponse) => {
      setSession(sessionFromAuth(auth))
      queryClient.setQueryData(authKeys.profileHeader(), auth.user)
      // Data fetched as a guest (vote marks, private topics) is now out of date.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
    },
    [queryClient, setSession],
  )
}

/** POST /api/user/login; on success the session starts. */
export function useLoginMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiFetch<AuthResponse>('/api/user/login', { method: 'POST', body, fallbackMessage: 'Login failed' }),
    onSuccess: startSession,
  })
}

/** POST /api/user/signup; on success the new account is signed in. */
export function useSignupMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: SignupBody) =>
      apiFetch<AuthResponse>('/api/user/signup', {
        method: 'POST',
        body,
        fallbackMessage: 'Registration failed',
      }),
    onSuccess: startSession,
  })
}
