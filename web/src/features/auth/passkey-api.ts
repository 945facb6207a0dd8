import type { AuthResponse, PasskeySignInStart } from '@bashboard/server/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { getPasskeyAssertion } from '../../lib/webauthn'
import { useStartSession } from './api'

/*
 * Signing in with a passkey (docs/product-rules.md#passkeys): each mutation asks the server for a
 * ceremony, runs it in the browser (lib/webauthn.ts loads the WebAuthn code then) and sends the
 * assertion back; the session starts on the answer, as after a password.
 */

/** POST /api/user/login/passkey(/options): a passkey alone, chosen by the member from the browser's list. */
export function usePasskeySignInMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: async () => {
      const { options } = await apiFetch<PasskeySignInStart>('/api/user/login/passkey/options', {
        method: 'POST',
        fallbackMessage: 'Could not start signing in with a passkey',
      })
      const credential = await getPasskeyAssertion(options)
      return apiFetch<AuthResponse>('/api/user/login/passkey', {
        method: 'POST',
        body: { credential },
        fallbackMessage: 'Login failed',
      })
    },
    onSuccess: startSession,
  })
}

/** POST /api/user/login/second-factor/passkey(/options): a passkey answers the password step's challenge. */
export function usePasskeySecondFactorMutation() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: async (challenge: string) => {
      const { options } = await apiFetch<PasskeySignInStart>(
        '/api/user/login/second-factor/passkey/options',
        {
          method: 'POST',
          body: { challenge },
          fallbackMessage: 'Could not start the passkey check',
        },
      )
      const credential = await getPasskeyAssertion(options)
      return apiFetch<AuthResponse>('/api/user/login/second-factor/passkey', {
        method: 'POST',
        body: { challenge, credential },
        fallbackMessage: 'Login failed',
      })
    },
    onSuccess: startSession,
  })
}
