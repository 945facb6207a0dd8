import type { Category, WebsiteResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

// The create-post page's query options, apart from its mutation: the route's loader imports them, and
// loaders are in the entry chunk (web/README.md, "Weight").

/** Query keys of the create-post page. */
export const createPostKeys = {
  all: ['create-post'] as const,
  categories: () => [...createPostKeys.all, 'categories'] as const,
}

/** The categories to choose from, read from the website data (GET /api/website), by name. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: createPostKeys.categories(),
    queryFn: async ({ signal }): Promise<Category[]> => {
      const website = await apiFetch<WebsiteResponse>('/api/website', {
        signal,
        fallbackMessage: 'Failed to fetch website data',
      })
      return [...website.categories].sort((a, b) => a.name.localeCompare(b.name))
    },
    staleTime: 5 * 60_000,
  })
}
