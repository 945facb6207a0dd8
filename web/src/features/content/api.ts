import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { readApiReference } from './openapi'

/** Query keys of the content pages' data. */
export const contentKeys = {
  all: ['content'] as const,
  openApi: () => [...contentKeys.all, 'openapi'] as const,
}

/** The server's OpenAPI description, read into groups for the /api page (it changes only on deploy). */
export function apiReferenceQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.openApi(),
    queryFn: async ({ signal }) =>
      readApiReference(
        await apiFetch<unknown>('/api/openapi.json', {
          signal,
          fallbackMessage: 'Failed to load the API description',
        }),
      ),
    staleTime: 10 * 60_000,
  })
}
