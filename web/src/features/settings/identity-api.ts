import type {
  IdentityLinkStart,
  IdentityProvider,
  LinkedIdentitiesResponse,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Settings → Security → Sign-in methods (docs/product-rules.md#identity). */
export const linkedIdentityKeys = {
  all: ['linked-identities'] as const,
}

/** The member's linked providers, the site's providers and whether the account has a password. */
export function linkedIdentitiesQueryOptions() {
  return queryOptions({
    queryKey: linkedIdentityKeys.all,
    queryFn: ({ signal }) => apiFetch<LinkedIdentitiesResponse>('/api/users/me/identities', { signal }),
  })
}

/** Starts linking a provider: the browser goes to it and comes back to Settings. */
export function useLinkProvider() {
  return useMutation({
    mutationFn: (provider: IdentityProvider) =>
      apiFetch<IdentityLinkStart>(`/api/users/me/identities/${provider}`, {
        method: 'POST',
        fallbackMessage: 'Could not start linking',
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}

/** Unlinks a provider (the server refuses the last way in). */
export function useUnlinkProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (provider: IdentityProvider) =>
      apiFetch<void>(`/api/users/me/identities/${provider}`, {
        method: 'DELETE',
        fallbackMessage: 'Could not unlink',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkedIdentityKeys.all }),
  })
}

/** A first password for an account made through a provider. */
export function useSetFirstPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<void>('/api/users/me/password/initial', {
        method: 'POST',
        body: { password },
        fallbackMessage: 'Could not set the password',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedIdentityKeys.all }),
  })
}
