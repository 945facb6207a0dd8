import type { PostResponse, UpdatePostBody } from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

// Apart from api.ts, whose category query the /create-post route's loader puts in the entry chunk.

/**
 * PUT /api/posts/update (the author or a moderator). On success every cached list is refetched: the
 * title, slug, command or category may have changed wherever the post is shown.
 */
export function useUpdatePostMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdatePostBody) =>
      apiFetch<PostResponse>('/api/posts/update', {
        method: 'PUT',
        body,
        fallbackMessage: 'Failed to update post',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries()
    },
  })
}
