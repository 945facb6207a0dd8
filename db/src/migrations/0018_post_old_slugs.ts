/**
 * A post's earlier slugs, so its old addresses keep working after a rename (they redirect
 * to the current one, forever: docs/product-rules.md#posts). Frozen once released.
 *
 * - post_old_slugs: one row per slug a post had before a rename. The slug is the primary key, so it
 *   names at most one post; the app keeps it reserved for that post (a new title that makes it is a
 *   title clash), and renaming the post back to it moves it from here to posts.slug again.
 * - A deleted post takes its old slugs with it (ON DELETE CASCADE): like its current slug, they then
 *   answer 404 and are free again. The post_id index serves that cascade.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE post_old_slugs (
    slug text PRIMARY KEY CHECK (slug <> ''),
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    retired_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX post_old_slugs_post_id_idx ON post_old_slugs (post_id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS post_old_slugs`.execute(db)
}
