import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Comment, CreateCommentBody } from '../../contract/comments.ts'
import { COMMENT_MAX_LENGTH } from '../../contract/comments.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import type { AuthUser } from '../../lib/access.ts'
import { BadRequestError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { logCommentDeletion } from '../moderation/audit.ts'
import { notifyComment } from '../notifications/service.ts'
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

/** What the comment services need: the database, the live hub and the domain events they raise. */
export type CommentsDeps = EventDeps

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
 * Adds a member's comment. The insert, the post's `comments_count` change and the post author's
 * notification commit together; `comment.added` (with the new count) is raised.
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
  return withEvents(deps, async (trx, outbox) => {
    // Counting first locks the post, so a concurrent post delete cannot slip between the two writes.
    const commentsCount = await addToCommentsCount(trx, postId, 1)
    if (commentsCount === undefined) throw new NotFoundError(POST_NOT_FOUND)
    const id = await insertComment(trx, { postId, authorId: user.id, content })
    const row = await findCommentWithAuthor(trx, id)
    if (!row) throw new Error(`comment ${id} vanished inside its own transaction`)
    const comment = toComment(row)
    // The post's author hears about it (not when commenting on their own post).
    await notifyComment(trx, outbox, { postId, commenterId: user.id, commenterName: user.username })
    outbox.raise('comment.added', { comment, postId, commentsCount, author: user })
    return { comment, commentsCount }
  })
}

/**
 * Deletes a comment: its author or a moderator may (else 403). The row and the post's count change
 * together; `comment.removed` is raised. A moderator deleting someone else's comment is
 * recorded in the audit log (with `moderation.reason` from the console), in the same transaction.
 */
export async function deleteComment(
  deps: CommentsDeps,
  user: AuthUser,
  commentId: string,
  moderation?: { reason: string },
): Promise<{ postId: string; commentId: string; commentsCount: number }> {
  if (!isUuid(commentId)) throw new NotFoundError(COMMENT_NOT_FOUND)
  return withEvents(deps, async (trx, outbox) => {
    // Post first, then comment: the same lock order as comment creation and post deletion (which
    // cascades to comments), so none of them can deadlock with another. Locking the comment makes a
    // second delete of it wait, then find nothing, so the count drops once.
    const seen = await findCommentOwner(trx, commentId)
    if (!seen || !(await lockPost(trx, seen.post_id))) throw new NotFoundError(COMMENT_NOT_FOUND)
    const comment = await findCommentOwner(trx, commentId, true)
    if (!comment) throw new NotFoundError(COMMENT_NOT_FOUND)
    if (comment.author_id !== user.id && user.role !== 'moderator') throw new ForbiddenError(NOT_YOUR_COMMENT)
    const byModerator = moderation !== undefined || comment.author_id !== user.id
    if (byModerator) {
      // A moderator removing someone's comment: audit-logged (quoting it) before the row goes.
      await logCommentDeletion(trx, outbox, {
        moderatorId: user.id,
        moderatorName: user.username,
        commentId: comment.id,
        reason: moderation?.reason ?? '',
      })
    }
    await deleteCommentRow(trx, comment.id)
    // The post is locked above, so the count exists.
    const commentsCount = (await addToCommentsCount(trx, comment.post_id, -1)) ?? 0
    const event = { postId: comment.post_id, commentId: comment.id, commentsCount }
    outbox.raise('comment.removed', { ...event, actor: user, byModerator })
    return event
  })
}
