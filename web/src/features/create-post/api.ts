import type { CreatePostBody, PostResponse } from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

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
