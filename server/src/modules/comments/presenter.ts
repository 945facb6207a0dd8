import type { Comment } from '../../contract/comments.ts'
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
    author: {
      _id: row.author_id,
      username: row.username,
      avatar: avatarUrl(row.avatar),
      badge: badgeForPoints(row.points),
    },
  }
}
