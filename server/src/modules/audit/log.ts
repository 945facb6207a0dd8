import type { Database } from '@bashboard/db'
import type { Transaction } from 'kysely'
import type { Outbox } from '../../live/outbox.ts'
import { excerpt, moderationTitle } from './activity.ts'
import { findCommentContent, insertModerationLog, type ModerationLogInput } from './repo.ts'

export type { ModerationLogInput } from './repo.ts'

/**
 * Records a moderator's action in the audit log and tells the moderation console about it (`mod` topic,
 * `activity` of kind `moderation`), both bound to the caller's transaction: a rolled-back action leaves
 * no log line and emits nothing. Every module whose moderators act (posts, comments, roles,
 * applications, blog, ads) calls this inside its `withTransaction`.
 */
export async function logModerationAction(
  trx: Transaction<Database>,
  outbox: Outbox,
  entry: ModerationLogInput,
): Promise<void> {
  const row = await insertModerationLog(trx, entry)
  outbox.publish('mod', 'activity', {
    kind: 'moderation',
    actor: { _id: entry.moderatorId, username: entry.moderatorName },
    subject: {
      type: entry.subjectType,
      _id: entry.subjectId ?? row.id,
      title: moderationTitle(entry.action, entry.subjectTitle),
    },
    at: row.created_at.toISOString(),
  })
}

/**
 * Logs a moderator's deletion of a comment, quoting its text (read before the row goes). Call it
 * inside the deleting transaction, before the delete.
 */
export async function logCommentDeletion(
  trx: Transaction<Database>,
  outbox: Outbox,
  entry: { moderatorId: string; moderatorName: string; commentId: string; reason: string },
): Promise<void> {
  const content = (await findCommentContent(trx, entry.commentId)) ?? ''
  await logModerationAction(trx, outbox, {
    moderatorId: entry.moderatorId,
    moderatorName: entry.moderatorName,
    action: 'comment.deleted',
    subjectType: 'comment',
    subjectId: entry.commentId,
    subjectTitle: excerpt(content),
    reason: entry.reason,
  })
}
