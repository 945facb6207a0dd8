import type { Comment, CommentListItem, EditCommentResponse } from '@bashboard/server/contract'
import { COMMENT_EDIT_WINDOW_MINUTES } from '@bashboard/server/contract/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { type CommentsData, commentKeys } from './api'

export { COMMENT_EDIT_WINDOW_MINUTES }

/**
 * Whether the signed-in user may still edit a comment: theirs, and posted less than
 * `COMMENT_EDIT_WINDOW_MINUTES` ago (the server checks both again and answers 403 otherwise).
 */
export function canEditComment(
  comment: Comment,
  userId: string | undefined,
  now: number = Date.now(),
): boolean {
  if (!userId || comment.author._id !== userId) return false
  const created = Date.parse(comment.createdAt)
  return !Number.isNaN(created) && now - created < COMMENT_EDIT_WINDOW_MINUTES * 60_000
}

/**
 * Puts an edited comment in place of its old version in a cached list (same position, new text and
 * `editedAt`). Returns the list itself when the comment is not in it, so nothing re-renders.
 */
export function replaceComment(
  current: CommentsData | undefined,
  comment: Comment,
): CommentsData | undefined {
  if (!current) return current
  let found = false
  const comments = current.comments.map((item: CommentListItem) => {
    if (item._id !== comment._id) return item
    found = true
    return comment
  })
  return found ? { ...current, comments } : current
}

/** PATCH /api/comments/{commentId} with the new text; the edited comment replaces the cached one. */
export function useEditCommentMutation(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      apiFetch<EditCommentResponse>(`/api/comments/${encodeURIComponent(commentId)}`, {
        method: 'PATCH',
        body: { content },
        fallbackMessage: 'Failed to edit comment',
      }),
    onSuccess: ({ comment }) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(postId), (current) =>
        replaceComment(current, comment),
      )
    },
  })
}
