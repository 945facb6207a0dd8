import type { Comment, CommentListItem, DeletedComment, LiveEventMap } from '@bashboard/server/contract'

/** A top-level comment (or the placeholder of a deleted one) with its replies, oldest first. */
export interface CommentThread {
  comment: CommentListItem
  replies: Comment[]
}

/** True for the "comment deleted" placeholder of a comment that still has replies. */
export function isDeletedComment(item: CommentListItem): item is DeletedComment {
  return 'deleted' in item && item.deleted === true
}

/**
 * Groups a post's flat list (oldest first) into threads: each top-level comment with its replies, in
 * the list's order. A reply whose parent is not in the list (it arrived live before its parent, or the
 * parent was removed meanwhile) is shown as a top-level comment rather than hidden.
 */
export function groupThreads(list: readonly CommentListItem[]): CommentThread[] {
  const threads: CommentThread[] = []
  const byId = new Map<string, CommentThread>()
  for (const item of list) {
    if (item.parentId) continue
    const thread = { comment: item, replies: [] }
    threads.push(thread)
    byId.set(item._id, thread)
  }
  for (const item of list) {
    if (!item.parentId || isDeletedComment(item)) continue
    const parent = byId.get(item.parentId)
    if (parent) parent.replies.push(item)
    else threads.push({ comment: item, replies: [] })
  }
  return threads
}

/** What a deletion reports, from the REST answer or the `comment.deleted` event. */
export type CommentDeletion = LiveEventMap['post']['comment.deleted']

/**
 * A post's list after a deletion: the comment leaves it, or becomes its "comment deleted" placeholder
 * when it keeps replies (`placeholder`), and a placeholder that went with its last reply
 * (`removedParentId`) leaves too. Applying the same deletion twice changes nothing.
 */
export function applyDeletion<T extends CommentListItem>(
  list: readonly T[],
  deletion: CommentDeletion,
): Array<T | DeletedComment> {
  const next: Array<T | DeletedComment> = []
  for (const item of list) {
    if (item._id === deletion.removedParentId) continue
    if (item._id !== deletion.commentId) {
      next.push(item)
    } else if (deletion.placeholder) {
      next.push({
        _id: item._id,
        postId: item.postId,
        createdAt: item.createdAt,
        parentId: null,
        deleted: true,
      })
    }
  }
  return next
}
