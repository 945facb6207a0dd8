import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Comment, CommentListItem, CreateCommentBody, EditCommentBody } from '../../contract/comments.ts'
import { COMMENT_EDIT_WINDOW_MINUTES, COMMENT_MAX_LENGTH } from '../../contract/comments.ts'
import { hasControlCharacters, normalizeLineBreaks } from '../../contract/limits.ts'
import { MAIL_MESSAGES } from '../../contract/mail.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import type { AuthUser } from '../../lib/access.ts'
import { BadRequestError, ForbiddenError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { type ReadCache, readThrough } from '../../lib/read-cache.ts'
import { hasVerifiedEmail } from '../accounts/repo.ts'
import { logCommentDeletion } from '../audit/log.ts'
import { notifyComment, notifyRemoval } from '../notifications/service.ts'
import type { CommentListPage } from './list-cache.ts'
import { toComment, toCommentListItem } from './presenter.ts'
import {
  addToCommentsCount,
  countReplies,
  deleteCommentRow,
  findCommentOwner,
  findCommentWithAuthor,
  insertComment,
  listCommentsOfPost,
  lockCommentForEdit,
  lockPost,
  markCommentDeleted,
  postExists,
  updateCommentContent,
} from './repo.ts'

/** What the comment services need: the database, the live hub and the domain events they raise. */
export interface CommentsDeps extends EventDeps {
  /** COMMENTS_NEED_VERIFIED_EMAIL: commenting waits for a verified address (a site that gets spam). */
  verifiedEmailRequired?: boolean
}

export const POST_NOT_FOUND = 'Post not found'
export const COMMENT_NOT_FOUND = 'Comment not found'
export const POST_ID_MISMATCH = 'Post id in the body does not match the URL'
export const COMMENT_EMPTY = 'Please write a comment before posting.'
export const COMMENT_TOO_LONG = `Comments can be at most ${COMMENT_MAX_LENGTH} characters long.`
export const COMMENT_CONTROL_CHARACTERS =
  'Comments cannot contain control characters such as terminal escape sequences, lone carriage returns or text-direction marks.'
export const NOT_YOUR_COMMENT = 'You can only delete your own comments'
export const PARENT_NOT_FOUND = 'The comment you are replying to was not found'
export const NOT_YOUR_COMMENT_EDIT = 'You can only edit your own comments'
export const COMMENT_EDIT_WINDOW_PASSED = `Comments can only be edited within ${COMMENT_EDIT_WINDOW_MINUTES} minutes of posting. You can still delete it.`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids that are not UUIDs cannot name a row; answering 404 early also keeps them out of SQL casts. */
function isUuid(id: string): boolean {
  return UUID.test(id)
}

/** The trimmed comment text, or a 422 naming the rule it breaks. Length counts code points. */
export function checkCommentContent(raw: string): string {
  const content = raw.trim()
  if (content.length === 0) throw new InvalidError(COMMENT_EMPTY, 'content')
  // Stored with LF line breaks, and counted as stored.
  const stored = normalizeLineBreaks(content)
  if ([...stored].length > COMMENT_MAX_LENGTH) throw new InvalidError(COMMENT_TOO_LONG, 'content')
  // Checked as sent: normalising first would turn the CR of "\r\r\n" into half of a CRLF.
  if (hasControlCharacters(content, true)) throw new InvalidError(COMMENT_CONTROL_CHARACTERS, 'content')
  return stored
}

/**
 * Every comment of a post, oldest first (replies carry `parentId`; deleted comments that still have
 * replies come as placeholders); 404 when the post does not exist. `postId` is a uuid (readCommentList
 * checks it before anything is read or cached).
 */
async function listComments(db: Kysely<Database>, postId: string): Promise<CommentListItem[]> {
  const [exists, rows] = await Promise.all([postExists(db, postId), listCommentsOfPost(db, postId)])
  if (!exists) throw new NotFoundError(POST_NOT_FOUND)
  return rows.map(toCommentListItem)
}

/**
 * A post's comment list with the `post:<id>` live id read before it (an event published between the
 * two reads is then replayed, not lost), from `lists` when given (list-cache.ts).
 * @throws NotFoundError when no post has that id (never cached).
 */
export async function readCommentList(
  deps: Pick<CommentsDeps, 'db' | 'live'> & { lists: ReadCache<CommentListPage> | null },
  postId: string,
): Promise<{ comments: CommentListItem[]; liveId: string }> {
  if (!isUuid(postId)) throw new NotFoundError(POST_NOT_FOUND)
  const { comments, liveId } = await readThrough(deps.lists ?? undefined, postId, async () => {
    const liveId = await deps.live.currentId(`post:${postId}`)
    return { postId, comments: await listComments(deps.db, postId), liveId }
  })
  return { comments, liveId }
}

/**
 * Adds a member's comment, or a reply when `body.parentId` names a comment of the same post (404 when
 * it does not exist, is deleted or is on another post). Replies are one level deep: a reply to a reply
 * joins its thread's top-level comment, and the author of the comment answered is told. The insert,
 * the post's `comments_count` change and the notifications (reply, post author, `@mentions`) commit
 * together; `comment.added` (with the new count) is raised.
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
  if (body.parentId !== undefined && !isUuid(body.parentId)) throw new NotFoundError(PARENT_NOT_FOUND)
  if (deps.verifiedEmailRequired && !(await hasVerifiedEmail(deps.db, user.id))) {
    throw new ForbiddenError(MAIL_MESSAGES.verificationRequired)
  }
  return withEvents(deps, async (trx, outbox) => {
    // Counting first locks the post, so a concurrent post delete cannot slip between the two writes,
    // and a concurrent delete of the parent (which locks the post first too) is either done or waits.
    const commentsCount = await addToCommentsCount(trx, postId, 1)
    if (commentsCount === undefined) throw new NotFoundError(POST_NOT_FOUND)
    let parentId: string | null = null
    let answeredAuthorId: string | null = null
    if (body.parentId !== undefined) {
      const answered = await findCommentOwner(trx, body.parentId)
      if (!answered || answered.post_id !== postId || answered.deleted_at) {
        throw new NotFoundError(PARENT_NOT_FOUND)
      }
      parentId = answered.parent_id ?? answered.id
      answeredAuthorId = answered.author_id
    }
    const id = await insertComment(trx, { postId, authorId: user.id, content, parentId })
    const row = await findCommentWithAuthor(trx, id)
    if (!row) throw new Error(`comment ${id} vanished inside its own transaction`)
    const comment = toComment(row)
    // The answered comment's author, the post's author and mentioned members hear about it, once each.
    await notifyComment(trx, outbox, {
      postId,
      commentId: id,
      commenterId: user.id,
      commenterName: user.username,
      content,
      answeredAuthorId,
    })
    outbox.raise('comment.added', { comment, postId, commentsCount, author: user })
    return { comment, commentsCount }
  })
}

/**
 * Deletes a comment: its author or a moderator may (else 403). A top-level comment with replies stays
 * as a "comment deleted" placeholder (text cleared, author hidden) so the replies keep their thread;
 * a placeholder whose last reply is deleted goes too. The post's count (which never counts
 * placeholders) drops by one either way. The rows and the count change together; `comment.removed` is
 * raised. A moderator deleting someone else's comment is
 * recorded in the audit log (with `moderation.reason` from the console) and the author gets a
 * `removal` notification with that reason, in the same transaction.
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
    // A placeholder is already deleted.
    if (!comment || comment.deleted_at) throw new NotFoundError(COMMENT_NOT_FOUND)
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
      // The author hears why, quoting the comment while it is still there (not when it is their own).
      await notifyRemoval(trx, outbox, {
        removed: { type: 'comment', commentId: comment.id },
        removerId: user.id,
        reason: moderation?.reason ?? '',
      })
    }
    const keep = comment.parent_id === null && (await countReplies(trx, comment.id)) > 0
    let removedParentId: string | undefined
    if (keep) {
      await markCommentDeleted(trx, comment.id)
    } else {
      await deleteCommentRow(trx, comment.id)
      if (comment.parent_id !== null) {
        // A placeholder is kept only for its replies: it goes with the last of them.
        const parent = await findCommentOwner(trx, comment.parent_id, true)
        if (parent?.deleted_at && (await countReplies(trx, parent.id)) === 0) {
          await deleteCommentRow(trx, parent.id)
          removedParentId = parent.id
        }
      }
    }
    // The post is locked above, so the count exists.
    const commentsCount = (await addToCommentsCount(trx, comment.post_id, -1)) ?? 0
    const event = {
      postId: comment.post_id,
      commentId: comment.id,
      commentsCount,
      ...(keep ? { placeholder: true as const } : {}),
      ...(removedParentId ? { removedParentId } : {}),
    }
    outbox.raise('comment.removed', { ...event, actor: user, byModerator })
    return event
  })
}

/**
 * Replaces the text of a comment: only its author may (403 for anyone else, moderators included: they
 * delete, they do not put words in someone's mouth), and only within `COMMENT_EDIT_WINDOW_MINUTES` of
 * posting (403 after, saying so). Same content rules as a new comment (422). Raises `comment.edited`.
 */
export async function editComment(
  deps: CommentsDeps,
  user: AuthUser,
  commentId: string,
  body: EditCommentBody,
): Promise<{ comment: Comment }> {
  if (!isUuid(commentId)) throw new NotFoundError(COMMENT_NOT_FOUND)
  const content = checkCommentContent(body.content)
  return withEvents(deps, async (trx, outbox) => {
    // Locked so a concurrent delete either happens first (404 here) or waits for the edit.
    const current = await lockCommentForEdit(trx, commentId)
    if (!current) throw new NotFoundError(COMMENT_NOT_FOUND)
    if (current.author_id !== user.id) throw new ForbiddenError(NOT_YOUR_COMMENT_EDIT)
    if (Date.now() - current.created_at.getTime() > COMMENT_EDIT_WINDOW_MINUTES * 60_000) {
      throw new ForbiddenError(COMMENT_EDIT_WINDOW_PASSED)
    }
    await updateCommentContent(trx, current.id, content)
    const row = await findCommentWithAuthor(trx, current.id)
    if (!row) throw new Error(`comment ${current.id} vanished inside its own transaction`)
    const comment = toComment(row)
    outbox.raise('comment.edited', { comment, postId: current.post_id, author: user })
    return { comment }
  })
}
