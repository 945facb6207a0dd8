import type { UserSuggestResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Query keys of the `@` suggestions; a prefix is matched without case, so it is kept lower-cased. */
export const mentionKeys = {
  all: ['user-suggestions'] as const,
  prefix: (prefix: string) => [...mentionKeys.all, prefix.toLowerCase()] as const,
}

/** Members whose usernames start with `prefix` (GET /api/users/suggest), at most 10. */
export function userSuggestionsQueryOptions(prefix: string) {
  return queryOptions({
    queryKey: mentionKeys.prefix(prefix),
    queryFn: ({ signal }): Promise<UserSuggestResponse> =>
      apiFetch<UserSuggestResponse>(`/api/users/suggest?prefix=${encodeURIComponent(prefix)}`, {
        signal,
        fallbackMessage: 'Failed to find members',
      }),
    // Members join rarely; a minute keeps a name typed, erased and typed again from asking twice.
    staleTime: 60_000,
  })
}
