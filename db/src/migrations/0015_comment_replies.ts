/**
 * Replies and mentions on comments. Frozen once released.
 *
 * - comments.parent_id: the comment a reply answers. One level only: the app attaches a reply to a
 *   reply to the thread's top-level comment, so a parent never has a parent itself. A reply goes with
 *   its parent (ON DELETE CASCADE), which only happens when the post or the parent's author is deleted:
 *   a member deleting a comment that has replies keeps it as a placeholder instead.
 * - comments.deleted_at: set on such a placeholder ("comment deleted"), whose text is cleared. The app
 *   removes the placeholder row itself once its last reply is deleted. Placeholders are not counted in
 *   posts.comments_count, which stays the number of comments people can read.
 * - notifications.kind gains `reply` (someone answered your comment) and `mention` (@username).
 */
import { type Kysely, sql } from 'kysely'

const OLD_KINDS = "'comment', 'upvotes', 'tier', 'application', 'role'"

const statements = [
  sql`ALTER TABLE comments ADD COLUMN parent_id uuid REFERENCES comments (id) ON DELETE CASCADE`,
  sql`ALTER TABLE comments ADD COLUMN deleted_at timestamptz`,
  // A placeholder holds no text; every other comment keeps the 1–2000 character rule.
  sql`ALTER TABLE comments DROP CONSTRAINT comments_content_check`,
  sql`ALTER TABLE comments ADD CONSTRAINT comments_content_check CHECK (
    CASE WHEN deleted_at IS NULL THEN char_length(content) BETWEEN 1 AND 2000 ELSE content = '' END
  )`,
  sql`ALTER TABLE comments ADD CONSTRAINT comments_parent_not_self CHECK (parent_id IS DISTINCT FROM id)`,
  // Finding a comment's replies (to keep a placeholder, or to drop one whose last reply went).
  sql`CREATE INDEX comments_parent_id_idx ON comments (parent_id) WHERE parent_id IS NOT NULL`,
  sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`,
  sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN (${OLD_KINDS}, 'reply', 'mention'))`),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Rows the old checks would refuse go first: the new notification kinds and the placeholders
  // (whose replies go with them).
  await sql`DELETE FROM notifications WHERE kind IN ('reply', 'mention')`.execute(db)
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`.execute(db)
  await sql
    .raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN (${OLD_KINDS}))`)
    .execute(db)
  await sql`DELETE FROM comments WHERE deleted_at IS NOT NULL`.execute(db)
  await sql`ALTER TABLE comments DROP CONSTRAINT comments_content_check`.execute(db)
  await sql`ALTER TABLE comments ADD CONSTRAINT comments_content_check
    CHECK (char_length(content) BETWEEN 1 AND 2000)`.execute(db)
  await sql`DROP INDEX IF EXISTS comments_parent_id_idx`.execute(db)
  await sql`ALTER TABLE comments DROP CONSTRAINT comments_parent_not_self`.execute(db)
  await sql`ALTER TABLE comments DROP COLUMN deleted_at`.execute(db)
  await sql`ALTER TABLE comments DROP COLUMN parent_id`.execute(db)
}
