/**
 * A moderator's removal tells the author (issue 48, defect 5). Frozen once released.
 *
 * - notifications.kind gains `removal`: a moderator deleted your post or comment.
 * - notifications.reason: the moderator's reason, shown with it (the same 500-character bound as
 *   moderation_log.reason); null for every other kind and for a removal made without one. The text
 *   keeps its 300-character bound, so the reason gets a column instead of being cut into the text.
 */
import { type Kysely, sql } from 'kysely'

const OLD_KINDS = "'comment', 'upvotes', 'tier', 'application', 'role', 'reply', 'mention'"

const statements = [
  sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`,
  sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN (${OLD_KINDS}, 'removal'))`),
  sql`ALTER TABLE notifications ADD COLUMN reason text
    CONSTRAINT notifications_reason_check CHECK (reason IS NULL OR char_length(reason) BETWEEN 1 AND 500)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Rows the old check would refuse go first.
  await sql`DELETE FROM notifications WHERE kind = 'removal'`.execute(db)
  await sql`ALTER TABLE notifications DROP COLUMN IF EXISTS reason`.execute(db)
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db)
  await sql
    .raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN (${OLD_KINDS}))`)
    .execute(db)
}
