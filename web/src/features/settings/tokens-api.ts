import type {
  AccessToken,
  AccessTokensResponse,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
  RevokeAccessTokensResponse,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** The signed-in user's token list; under the user's key root, so logging out drops it. */
export function accessTokensKey() {
  return [...currentUserKeyRoot, 'access-tokens'] as const
}

/** GET /api/tokens: the caller's tokens that are not revoked, newest first. */
export function accessTokensQueryOptions() {
  return queryOptions({
    queryKey: accessTokensKey(),
    queryFn: ({ signal }) =>
      apiFetch<AccessTokensResponse>('/api/tokens', {
        signal,
        fallbackMessage: 'Failed to load access tokens',
      }),
  })
}

/** POST /api/tokens. The answer holds the token itself, which is shown once and never cached. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAccessTokenBody) =>
      apiFetch<CreatedAccessTokenResponse>('/api/tokens', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to create the token',
      }),
    onSuccess: ({ accessToken }) => {
      queryClient.setQueryData<AccessTokensResponse>(accessTokensKey(), (current) =>
        current ? { tokens: [accessToken, ...current.tokens] } : current,
      )
      void queryClient.invalidateQueries({ queryKey: accessTokensKey() })
    },
  })
}

/** DELETE /api/tokens/{id}: revokes one token; it leaves the list at once. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: Pick<AccessToken, '_id'>) =>
      apiFetch<RevokeAccessTokensResponse>(`/api/tokens/${encodeURIComponent(token._id)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to revoke the token',
      }),
    onSettled: (_answer, _error, token) => {
      queryClient.setQueryData<AccessTokensResponse>(accessTokensKey(), (current) =>
        current ? { tokens: current.tokens.filter((entry) => entry._id !== token._id) } : current,
      )
      void queryClient.invalidateQueries({ queryKey: accessTokensKey() })
    },
  })
}

/** DELETE /api/tokens: revokes every token of the user. */
export function useRevokeAllAccessTokens() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<RevokeAccessTokensResponse>('/api/tokens', {
        method: 'DELETE',
        fallbackMessage: 'Failed to revoke the tokens',
      }),
    onSuccess: () => queryClient.setQueryData<AccessTokensResponse>(accessTokensKey(), { tokens: [] }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accessTokensKey() }),
  })
}
