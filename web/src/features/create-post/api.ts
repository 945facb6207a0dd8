import type { Category, CreatePostBody, PostResponse, WebsiteResponse } from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

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

/** POST /api/posts/create. On success every cached list is refetched (the new post, the author's points). */
export function useCreatePostMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreatePostBody) =>
      apiFetch<PostResponse>('/api/posts/create', {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to create post',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries()
    },
  })
}
