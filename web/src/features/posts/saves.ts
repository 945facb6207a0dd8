import type { SaveResponse } from '@bashboard/server/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/ui/toast'
import { apiFetch } from '../../lib/api-client'
import { type CacheSnapshot, cancelPostEverywhere, restoreSnapshot, updateSavedEverywhere } from './cache'

export interface SaveVariables {
  postId: string
  /** True to save, false to unsave. */
  save: boolean
  /** The saved count on screen when the button was pressed; the optimistic count starts from it. */
  savedCount: number
}

/**
 * Saves or unsaves a post (POST / DELETE /api/posts/{id}/save). Every cached copy of the post changes
 * at once and is put back if the server refuses; on success the server's own state is written.
 */
export function useSavePost() {
  const queryClient = useQueryClient()
  const toast = useToast()
  return useMutation<SaveResponse, Error, SaveVariables, { snapshot: CacheSnapshot }>({
    mutationFn: ({ postId, save }) =>
      apiFetch<SaveResponse>(`/api/posts/${encodeURIComponent(postId)}/save`, {
        method: save ? 'POST' : 'DELETE',
        fallbackMessage: save ? 'Failed to save post' : 'Failed to unsave post',
      }),
    onMutate: async ({ postId, save, savedCount }) => {
      // A refetch landing after the optimistic write would briefly show the old state again.
      await cancelPostEverywhere(queryClient, postId)
      const next = Math.max(0, savedCount + (save ? 1 : -1))
      return { snapshot: updateSavedEverywhere(queryClient, postId, save, next) }
    },
    onError: (_error, { save }, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot)
      toast({
        title: 'Error',
        message: save ? 'Failed to save. Please try again.' : 'Failed to unsave. Please try again.',
        variant: 'destructive',
      })
    },
    onSuccess: (result) => {
      updateSavedEverywhere(queryClient, result.postId, result.saved, result.savedCount)
    },
  })
}
