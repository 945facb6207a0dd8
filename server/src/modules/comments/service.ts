import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Comment, CreateCommentBody } from '../../contract/comments.ts'
import { COMMENT_MAX_LENGTH } from '../../contract/comments.ts'
import type { AuthUser } from '../../lib/access.ts'
import { BadRequestError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import type { LiveHub } from '../../live/hub.ts'
import { withTransaction } from '../../live/outbox.ts'
import { excerpt, queueActivity } from '../moderation/activity.ts'
import { logCommentDeletion } from '../moderation/audit.ts'
import { notifyComment } from '../notifications/service.ts'
import type { StatsBroadcaster } from '../stats/service.ts'
import { toComment } from './presenter.ts'
import {
  addToCommentsCount,
  deleteCommentRow,
  findCommentOwner,
  findCommentWithAuthor,
  insertComment,
  listCommentsOfPost,
  lockPost,
  postExists,
} from './repo.ts'

/** What the comment services need: the database, the live hub and the stats broadcaster. */
export interface CommentsDeps {
  db: Kysely<Database>
  live: LiveHub
  stats: StatsBroadcaster
}

export const POST_NOT_FOUND = 'Post not found'
export const COMMENT_NOT_FOUND = 'Comment not found'
export const POST_ID_MISMATCH = 'Post id in the body does not match the URL'
export const COMMENT_EMPTY = 'Please write a comment before posting.'
export const COMMENT_TOO_LONG = `Comments can be at most ${COMMENT_MAX_LENGTH} characters long.`
export const NOT_YOUR_COMMENT = 'You can only delete your own comments'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids that are not UUIDs cannot name a row; answering 404 early also keeps them out of SQL casts. */
function isUuid(id: string): boolean {
  return UUID.test(id)
}

/** The trimmed comment text, or a 422 naming the rule it breaks. Length counts code points. */
export function checkCommentContent(raw: string): string {
  const content = raw.trim()
  if (content.length === 0) throw new InvalidError(COMMENT_EMPTY, 'content')
  if ([...content].length > COMMENT_MAX_LENGTH) throw new InvalidError(COMMENT_TOO_LONG, 'content')
  return content
}

/** Every comment of a post, oldest first; 404 when the post does not exist. */
export async function listComments(db: Kysely<Database>, postId: string): Promise<Comment[]> {
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  const [exists, rows] = await Promise.all([postExists(db, postId), listCommentsOfPost(db, postId)])
  if (!exists) throw new NotFoundError(POST_NOT_FOUND)
  return rows.map(toComment)
}

/**
 * Adds a member's comment. The insert and the post's `comments_count` change commit together, and
 * `comment.created` (with the new count) is published on `post:<id>` only after the commit.
 */
export async function createComment(
  deps: CommentsDeps,
  user: AuthUser,
  postId: string,
  body: CreateCommentBody,
): Promise<{ comment: Comment; commentsCount: number }> {
  if (body.post !== postId) throw new BadRequestError(POST_ID_MISMATCH)
  const content = checkCommentContent(body.content)
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  const result = await withTransaction(deps, async (trx, outbox) => {
    // Counting first locks the post, so a concurrent post delete cannot slip between the two writes.
    const commentsCount = await addToCommentsCount(trx, postId, 1)
    if (commentsCount === undefined) throw new NotFoundError(POST_NOT_FOUND)
    const id = await insertComment(trx, { postId, authorId: user.id, content })
    const row = await findCommentWithAuthor(trx, id)
    if (!row) throw new Error(`comment ${id} vanished inside its own transaction`)
    const comment = toComment(row)
    outbox.publish(`post:${postId}`, 'comment.created', { ...comment, commentsCount })
    // The post's author hears about it (not when commenting on their own post).
    await notifyComment(trx, outbox, { postId, commenterId: user.id, commenterName: user.username })
    const subject = { type: 'comment', id: comment._id, title: excerpt(content) } as const
    queueActivity(outbox, 'comment', user, subject, new Date(comment.createdAt))
    return { comment, commentsCount }
  })
  deps.stats.acted(user.id)
  return result
}

/**
 * Deletes a comment: its author or a moderator may (else 403). The row and the post's count change
 * together; `comment.deleted` follows the commit. A moderator deleting someone else's comment is
 * recorded in the audit log (with `moderation.reason` from the console), in the same transaction.
 */
export async function deleteComment(
  deps: CommentsDeps,
  user: AuthUser,
  commentId: string,
  moderation?: { reason: string },
): Promise<{ postId: string; commentId: string; commentsCount: number }> {
  if (!isUuid(commentId)) throw new NotFoundError(COMMENT_NOT_FOUND)
  const result = await withTransaction(deps, async (trx, outbox) => {
    // Post first, then comment: the same lock order as comment creation and post deletion (which
    // cascades to comments), so none of them can deadlock with another. Locking the comment makes a
    // second delete of it wait, then find nothing, so the count drops once.
    const seen = await findCommentOwner(trx, commentId)
    if (!seen || !(await lockPost(trx, seen.post_id))) throw new NotFoundError(COMMENT_NOT_FOUND)
    const comment = await findCommentOwner(trx, commentId, true)
    if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND)
    if (comment.author_id !== user.id && user.role !== 'moderator') throw new ForbiddenError(NOT_YOUR_COMMENT)
    if (moderation || comment.author_id !== user.id) {
      // A moderator removing someone's comment: audit-logged (quoting it) before the row goes.
      await logCommentDeletion(trx, outbox, {
        moderatorId: user.id,
        moderatorName: user.username,
        commentId: comment.id,
        reason: moderation?.reason ?? '',
      })
    } else {
      queueActivity(outbox, 'comment', user, { type: 'comment', id: comment.id, title: 'Deleted a comment' })
    }
    await deleteCommentRow(trx, comment.id)
    // The post is locked above, so the count exists.
    const commentsCount = (await addToCommentsCount(trx, comment.post_id, -1)) ?? 0
    const event = { postId: comment.post_id, commentId: comment.id, commentsCount }
    outbox.publish(`post:${comment.post_id}`, 'comment.deleted', event)
    return event
  })
  deps.stats.changed()
  return result
}
