import type {
  ConfirmTotpBody,
  DisableTotpBody,
  RecoveryCodesResponse,
  SecondFactorProofBody,
  SecondFactorStatus,
  TotpEnrolment,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** The signed-in member's second factor; under the user's key root, so logging out drops it. */
export function secondFactorKey() {
  return [...currentUserKeyRoot, 'second-factor'] as const
}

/** GET /api/users/me/second-factor: whether it is on, since when, and the recovery codes left. */
export function secondFactorQueryOptions() {
  return queryOptions({
    queryKey: secondFactorKey(),
    queryFn: ({ signal }) =>
      apiFetch<SecondFactorStatus>('/api/users/me/second-factor', {
        signal,
        fallbackMessage: 'Failed to load two-factor authentication',
      }),
  })
}

/** POST /api/users/me/second-factor/totp: a new secret and its QR code, shown once (never cached). */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: () =>
      apiFetch<TotpEnrolment>('/api/users/me/second-factor/totp', {
        method: 'POST',
        fallbackMessage: 'Failed to start two-factor authentication',
      }),
  })
}

/** Writes the status a change answered with, so the section shows it at once. */
function useStatusWriter() {
  const queryClient = useQueryClient()
  return (status: SecondFactorStatus) => queryClient.setQueryData(secondFactorKey(), status)
}

/** POST …/totp/confirm: turns the authenticator on; the answer's recovery codes are shown once. */
export function useConfirmTotpEnrolment() {
  const writeStatus = useStatusWriter()
  return useMutation({
    mutationFn: (body: ConfirmTotpBody) =>
      apiFetch<RecoveryCodesResponse>('/api/users/me/second-factor/totp/confirm', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to turn on two-factor authentication',
      }),
    onSuccess: ({ status }) => writeStatus(status),
  })
}

/** POST …/recovery-codes: new codes (shown once); the earlier ones stop working. */
export function useRegenerateRecoveryCodes() {
  const writeStatus = useStatusWriter()
  return useMutation({
    mutationFn: (body: SecondFactorProofBody) =>
      apiFetch<RecoveryCodesResponse>('/api/users/me/second-factor/recovery-codes', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to make new recovery codes',
      }),
    onSuccess: ({ status }) => writeStatus(status),
  })
}

/** DELETE …/totp: turns it off, with the password and a code. */
export function useDisableTotp() {
  const writeStatus = useStatusWriter()
  return useMutation({
    mutationFn: (body: DisableTotpBody) =>
      apiFetch<SecondFactorStatus>('/api/users/me/second-factor/totp', {
        method: 'DELETE',
        body,
        fallbackMessage: 'Failed to turn off two-factor authentication',
      }),
    onSuccess: writeStatus,
  })
}
