import type {
  AuthResponse,
  IdentityProvidersResponse,
  PendingAccountBody,
  PendingIdentity,
  PendingLinkBody,
  SecondFactorRequired,
} from '@bashboard/server/contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { needsSecondFactor, useStartSession } from './api'

/*
 * Signing in with GitHub and Google (docs/product-rules.md#identity). The start and callback are
 * full-page navigations the server answers with redirects; these are the JSON steps around them.
 */

export const identityKeys = {
  all: ['identity'] as const,
  providers: () => [...identityKeys.all, 'providers'] as const,
  pending: () => [...identityKeys.all, 'pending'] as const,
}

/** The providers this site offers; the login and register screens show a button for each. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: identityKeys.providers(),
    queryFn: ({ signal }) => apiFetch<IdentityProvidersResponse>('/api/auth/providers', { signal }),
    // Configuration: it changes with a restart, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** What the provider sign-in in progress waits for (its HttpOnly cookie names it). */
export function pendingQueryOptions() {
  return queryOptions({
    queryKey: identityKeys.pending(),
    queryFn: ({ signal }) => apiFetch<PendingIdentity>('/api/auth/pending', { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** POST /api/auth/pending/account: the new account with the username picked; the session starts. */
export function useCreatePendingAccount() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: PendingAccountBody) =>
      apiFetch<AuthResponse>('/api/auth/pending/account', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not create the account',
      }),
    onSuccess: startSession,
  })
}

/** POST /api/auth/pending/link: the existing account's password links the provider (then maybe a code). */
export function useLinkPendingAccount() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: PendingLinkBody) =>
      apiFetch<AuthResponse | SecondFactorRequired>('/api/auth/pending/link', {
        method: 'POST',
        body,
        fallbackMessage: 'Could not link the account',
      }),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) startSession(answer)
    },
  })
}

/** POST /api/auth/pending/sign-in: signs into the account the provider vouched for, or answers its second factor's challenge. */
export function usePendingSignIn() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: () =>
      apiFetch<AuthResponse | SecondFactorRequired>('/api/auth/pending/sign-in', {
        method: 'POST',
        fallbackMessage: 'Could not continue signing in',
      }),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) startSession(answer)
    },
  })
}
