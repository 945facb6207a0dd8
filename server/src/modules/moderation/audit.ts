import type { Database } from '@bashboard/db'
import type { Transaction } from 'kysely'
import type { Outbox } from '../../live/outbox.ts'
import { insertModerationLog, type ModerationLogInput } from './repo.ts'

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
      title: `${entry.action}: ${entry.subjectTitle}`.slice(0, 200),
    },
    at: row.created_at.toISOString(),
  })
}
