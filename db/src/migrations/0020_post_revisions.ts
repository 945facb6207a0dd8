/**
 * A post's earlier versions, so an edit never loses what it replaced (issue 48: "every edit keeps its
 * previous version"; moderators can roll back to one). Frozen once released.
 *
 * - post_revisions: one row per version an edit or a rollback replaced, with everything the post page
 *   shows that an edit can change (title, command, description HTML and its text, tags, category).
 *   The post row itself stays the current version; history is these rows plus it.
 * - replaced_by / replaced_at: who made the change that replaced this version, and when; `change` says
 *   whether it was an edit or a moderator's rollback. A deleted editor leaves the row (SET NULL).
 * - The post takes its revisions with it (ON DELETE CASCADE); a deleted category leaves the version
 *   uncategorised, as it does the post. The (post_id, replaced_at) index serves the history, newest first.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE post_revisions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
    command text NOT NULL CHECK (char_length(command) >= 1),
    description text NOT NULL,
    description_text text NOT NULL,
    tags text[] NOT NULL DEFAULT '{}',
    category_id uuid REFERENCES categories (id) ON DELETE SET NULL,
    change text NOT NULL DEFAULT 'edit' CHECK (change IN ('edit', 'rollback')),
    replaced_by uuid REFERENCES users (id) ON DELETE SET NULL,
    replaced_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX post_revisions_post_idx ON post_revisions (post_id, replaced_at DESC, id DESC)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS post_revisions`.execute(db)
}
