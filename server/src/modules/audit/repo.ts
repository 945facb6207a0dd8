import type { Database, ModerationSubjectType } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import type { ModerationAction } from '../../contract/moderation-actions.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** One audit-log entry as written by any module whose moderators act on something. */
export interface ModerationLogInput {
  moderatorId: string
  moderatorName: string
  /** `domain.verb`: post.deleted, comment.deleted, role.changed, application.accepted, blog.published… */
  action: ModerationAction
  subjectType: ModerationSubjectType
  subjectId: string | null
  subjectTitle: string
  reason?: string
}

/** Appends an entry to the moderators' audit log, inside the transaction of the action it records. */
export async function insertModerationLog(
  trx: Transaction<Database>,
  entry: ModerationLogInput,
): Promise<{ id: string; created_at: Date }> {
  return trx
    .insertInto('moderation_log')
    .values({
      moderator_id: entry.moderatorId,
      moderator_name: entry.moderatorName,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      subject_title: entry.subjectTitle.slice(0, 200),
      reason: (entry.reason ?? '').slice(0, 500),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()
}

/** A comment's text, for the audit log of its deletion. */
export async function findCommentContent(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('comments').select('content').where('id', '=', id).executeTakeFirst()
  return row?.content
}
