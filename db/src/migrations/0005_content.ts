/**
 * Content (issue 6): blog views counted once per visitor per hour, like post views. Frozen once released.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE blog_views (
    blog_id uuid NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    viewer_key text NOT NULL CHECK (char_length(viewer_key) BETWEEN 1 AND 128),
    bucket timestamptz NOT NULL,
    PRIMARY KEY (blog_id, viewer_key, bucket)
  )`,
  // Old buckets are only needed for an hour; this index lets a cleanup job find them.
  sql`CREATE INDEX blog_views_bucket_idx ON blog_views (bucket)`,
  // The console lists every article, most recently changed first.
  sql`CREATE INDEX blogs_updated_at_idx ON blogs (updated_at DESC)`,
]

/** Adds the blog views table and the console's index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Removes what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS blogs_updated_at_idx`.execute(db)
  await sql`DROP TABLE IF EXISTS blog_views`.execute(db)
}
