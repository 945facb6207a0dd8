import type {
  Comment,
  CommentListResponse,
  CreateCommentBody,
  CreateCommentResponse,
  DeleteCommentResponse,
  LiveEventMap,
} from '@bashboard/server/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { applyDeletion, type CommentDeletion, isDeletedComment } from './threads'

/** Query keys of post comments. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (postId: string) => [...commentKeys.all, 'list', postId] as const,
}

/**
 * The cached comment list. `commentsCount` is the post's count as last reported by the server with a
 * change (mutation answer or live event); until then the heading counts the list itself.
 */
export type CommentsData = CommentListResponse & { commentsCount?: number }

/** A post's comments, oldest first (GET /api/comments/{postId}), with the `post:<id>` topic's live id. */
export function commentsQueryOptions(postId: string) {
  return queryOptions({
    queryKey: commentKeys.list(postId),
    queryFn: ({ signal }): Promise<CommentsData> =>
      apiFetch<CommentListResponse>(`/api/comments/${encodeURIComponent(postId)}`, {
        signal,
        fallbackMessage: 'Failed to fetch comments',
      }),
  })
}

/**
 * Adds a comment to the cached list unless it is already there (the author's own mutation and the
 * `comment.created` event both deliver it, in either order), and takes the server's new count.
 */
export function appendComment(
  current: CommentsData | undefined,
  comment: Comment,
  commentsCount: number,
): CommentsData | undefined {
  if (!current) return current
  const known = current.comments.some((existing) => existing._id === comment._id)
  return { ...current, comments: known ? current.comments : [...current.comments, comment], commentsCount }
}

/**
 * Drops a comment from the cached list (if it is there), or turns it into its "comment deleted"
 * placeholder when it keeps replies, drops a placeholder that went with its last reply, and takes the
 * server's new count.
 */
export function removeComment(
  current: CommentsData | undefined,
  deletion: CommentDeletion,
): CommentsData | undefined {
  if (!current) return current
  return {
    ...current,
    comments: applyDeletion(current.comments, deletion),
    commentsCount: deletion.commentsCount,
  }
}

/** A user's new name and avatar, as `author.updated` (on `posts`) carries them. */
export type AuthorChange = LiveEventMap['posts']['author.updated']

/**
 * Writes a user's new username and avatar into their comments of a cached list. Returns the list
 * itself when none of its comments is theirs (or none needs the change), so nothing re-renders for it.
 */
export function renameCommentAuthor(
  current: CommentsData | undefined,
  change: AuthorChange,
): CommentsData | undefined {
  if (!current) return current
  let changed = false
  const comments = current.comments.map((comment) => {
    // A placeholder shows no author to rename.
    if (isDeletedComment(comment)) return comment
    const { author } = comment
    if (
      author._id !== change.userId ||
      (author.username === change.username && author.avatar === change.avatar)
    )
      return comment
    changed = true
    return { ...comment, author: { ...author, username: change.username, avatar: change.avatar } }
  })
  return changed ? { ...current, comments } : current
}

/** A new comment's text, and the comment it replies to (a top-level comment) for a reply. */
export type NewComment = string | { content: string; parentId: string }

/** POST /api/comments/{postId}/ with the trimmed text; the new comment joins the cached list. */
export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewComment) => {
      const body: CreateCommentBody =
        typeof input === 'string'
          ? { post: postId, content: input }
          : { post: postId, content: input.content, parentId: input.parentId }
      return apiFetch<CreateCommentResponse>(`/api/comments/${encodeURIComponent(postId)}/`, {
        method: 'POST',
        body,
        fallbackMessage: 'Failed to create comment',
      })
    },
    onSuccess: ({ comment, commentsCount }) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(postId), (current) =>
        appendComment(current, comment, commentsCount),
      )
    },
  })
}

/** DELETE /api/comments/{commentId}; the comment leaves the cached list. */
export function useDeleteCommentMutation(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) =>
      apiFetch<DeleteCommentResponse>(`/api/comments/${encodeURIComponent(commentId)}`, {
        method: 'DELETE',
        fallbackMessage: 'Failed to delete comment',
      }),
    onSuccess: (deletion) => {
      queryClient.setQueryData<CommentsData>(commentKeys.list(postId), (current) =>
        removeComment(current, deletion),
      )
    },
  })
}
