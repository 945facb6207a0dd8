import type {
  AuthResponse,
  LoginBody,
  SecondFactorLoginBody,
  SecondFactorRequired,
  SignupBody,
} from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { apiFetch } from '../../lib/api-client'
import { sessionAtom } from '../../state/session'
import { authKeys } from './session'

/**
 * Takes up the session a successful login or signup started (its cookies came with the answer) and
 * seeds the header with the returned user.
 */
export function useStartSession(): (auth: AuthResponse) => void {
  const queryClient = useQueryClient()
  const setSession = useSetAtom(sessionAtom)
  return useCallback(
    (auth: AuthResponse) => {
      setSession('signed-in')
      queryClient.setQueryData(authKeys.profileHeader(), auth.user)
      // Data fetched as a guest (vote marks, private topics) is now out of date.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] })
    },
    [queryClient, setSession],
  )
}

/** Whether a login answer asks for the second factor (202) rather than carrying the session. */
export function needsSecondFactor(
  answer: AuthResponse | SecondFactorRequired,
): answer is SecondFactorRequired {
  return 'secondFactor' in answer
}

/**
 * POST /api/user/login. The session starts on an answer that carries it; a member with a second factor
 * gets a challenge instead (docs/product-rules.md#second-factor), answered with
 * {@link useSecondFactorLoginMutation}.
 */
export function useLoginMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiFetch<AuthResponse | SecondFactorRequired>('/api/user/login', {
        method: 'POST',
        body,
        fallbackMessage: 'Login failed',
      }),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) startSession(answer)
    },
  })
}

/** POST /api/user/login/second-factor: a code answers the password's challenge; the session starts. */
export function useSecondFactorLoginMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: SecondFactorLoginBody) =>
      apiFetch<AuthResponse>('/api/user/login/second-factor', {
        method: 'POST',
        body,
        fallbackMessage: 'Login failed',
      }),
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
