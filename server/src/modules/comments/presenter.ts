import type { Comment, CommentListItem, DeletedComment } from '../../contract/comments.ts'
import { badgeForPoints } from '../../lib/badges.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import type { CommentWithAuthorRow } from './repo.ts'

/** A comment row with its author, as the API shows it. */
export function toComment(row: CommentWithAuthorRow): Comment {
  return {
    _id: row.id,
    postId: row.post_id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
    author: {
      _id: row.author_id,
      username: row.username,
      avatar: avatarUrl(row.avatar),
      badge: badgeForPoints(row.points),
    },
    parentId: row.parent_id,
  }
}

/** A "comment deleted" placeholder: where it stood in the thread, nothing of what it said or who said it. */
export function toDeletedComment(row: CommentWithAuthorRow): DeletedComment {
  return {
    _id: row.id,
    postId: row.post_id,
    createdAt: row.created_at.toISOString(),
    parentId: null,
    deleted: true,
  }
}

/** A row of a post's comment list: the comment, or its placeholder when it was deleted. */
export function toCommentListItem(row: CommentWithAuthorRow): CommentListItem {
  return row.deleted_at ? toDeletedComment(row) : toComment(row)
}
