/**
 * Saved commands and collections (issue 14). Frozen once released.
 *
 * - saves: one row per (user, post) the user kept, separate from votes. `posts.saved_count` counts
 *   them and is changed by the same statement that writes the save (like the vote counts), so it
 *   always equals a recount of the rows.
 * - collections: a user's named lists, public or private. The slug is made from the name when the
 *   collection is created and kept when it is renamed, so the public URL `/c/<username>/<slug>` stays
 *   stable; names are unique per owner without case.
 * - collection_posts: the posts of a collection with their position (the owner's order).
 *
 * Posts are deleted for real (by their author or a moderator), so both tables cascade from posts: a
 * deleted post leaves no save and no collection entry behind, and its count goes with its row. The
 * indexes on post_id are what those cascades look rows up by.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  // A constant default: no table rewrite, however many posts there are.
  sql`ALTER TABLE posts ADD COLUMN saved_count integer NOT NULL DEFAULT 0
    CONSTRAINT posts_saved_count_check CHECK (saved_count >= 0)`,

  sql`CREATE TABLE saves (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, post_id)
  )`,
  // The user's Saved list, most recently saved first, read a page at a time.
  sql`CREATE INDEX saves_user_created_idx ON saves (user_id, created_at DESC, post_id)`,
  sql`CREATE INDEX saves_post_idx ON saves (post_id)`,

  sql`CREATE TABLE collections (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
    slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 80),
    description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
    public boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX collections_owner_name_key ON collections (owner_id, lower(name))`,
  // Also the owner's list (at most 100 rows, sorted in memory).
  sql`CREATE UNIQUE INDEX collections_owner_slug_key ON collections (owner_id, slug)`,

  sql`CREATE TABLE collection_posts (
    collection_id uuid NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position integer NOT NULL,
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collection_id, post_id)
  )`,
  // Not unique: a reorder rewrites every position in one statement, and a unique index would be
  // checked row by row in the middle of it.
  sql`CREATE INDEX collection_posts_position_idx ON collection_posts (collection_id, position)`,
  sql`CREATE INDEX collection_posts_post_idx ON collection_posts (post_id)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS collection_posts`.execute(db)
  await sql`DROP TABLE IF EXISTS collections`.execute(db)
  await sql`DROP TABLE IF EXISTS saves`.execute(db)
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS saved_count`.execute(db)
}
