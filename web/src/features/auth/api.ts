import type { AuthResponse, LoginBody, SignupBody } from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { apiFetch } from '../../lib/api-client'
import { SESSION_LIFETIME_MS, type Session, sessionAtom } from '../../state/session'
import { authKeys } from './session'

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
