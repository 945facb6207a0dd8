import type { PostResponse, PostRevisionsResponse, RollbackPostBody } from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'

/** Query keys of post histories. */
export const postHistoryKeys = {
  all: ['post-history'] as const,
  history: (slug: string) => [...postHistoryKeys.all, slug] as const,
}

/** A post's versions, the current one and the earlier ones newest first (GET /api/posts/:slug/revisions). */
export function postHistoryQueryOptions(slug: string) {
  return queryOptions({
    queryKey: postHistoryKeys.history(slug),
    queryFn: ({ signal }) =>
      apiFetch<PostRevisionsResponse>(`/api/posts/${encodeURIComponent(slug)}/revisions`, {
        signal,
        fallbackMessage: 'Failed to load the post history',
      }),
  })
}

/**
 * POST /api/mod/posts/:id/rollback (moderators), with the reason kept in the audit log. The history
 * refetches, so the restored version shows as the current one and the replaced one joins the list.
 */
export function useRollbackPost(slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ postId, ...body }: RollbackPostBody & { postId: string }) =>
      apiFetch<PostResponse>(`/api/mod/posts/${encodeURIComponent(postId)}/rollback`, {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to roll back the post',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postHistoryKeys.history(slug) }),
  })
}
