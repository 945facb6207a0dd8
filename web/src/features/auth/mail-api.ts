import type {
  ForgotPasswordBody,
  MailRequestResponse,
  ResetPasswordBody,
  UnsubscribeResponse,
  VerifyEmailResponse,
} from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { authKeys, useLogout } from './session'

/** POST /api/user/password/forgot: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiFetch<MailRequestResponse>('/api/user/password/forgot', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not ask for a reset link',
      }),
  })
}

/**
 * POST /api/user/password/reset. Every session of the account ends, this browser's too, so a session
 * kept here is dropped: the member signs in with the new password.
 */
export function useResetPassword() {
  const logout = useLogout()
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiFetch<MailRequestResponse>('/api/user/password/reset', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not set the new password',
      }),
    onSuccess: logout,
  })
}

/** POST /api/user/email/verify with a link's token; the header's "verified" mark follows. */
export function useVerifyEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<VerifyEmailResponse>('/api/user/email/verify', {
        method: 'POST',
        body: { token },
        fallbackMessage: 'Could not verify the address',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.all }),
  })
}

/** POST /api/mail/unsubscribe?token=…, as the page's button sends it (mail clients POST it themselves). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<UnsubscribeResponse>(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        fallbackMessage: 'Could not unsubscribe',
      }),
  })
}
