/**
 * When a post or a comment was last edited by its author (or a moderator): null until the first edit,
 * so "edited" shows only on what was really changed. `posts.updated_at` cannot say it, since it also
 * moves when nothing the reader sees changed. Frozen once released.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE posts ADD COLUMN edited_at timestamptz`.execute(db)
  await sql`ALTER TABLE comments ADD COLUMN edited_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE comments DROP COLUMN IF EXISTS edited_at`.execute(db)
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS edited_at`.execute(db)
}
