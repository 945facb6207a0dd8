/**
 * Post ranks (issue 3's speed): the orderings by votes and by views move out of the posts table.
 * Frozen once released.
 *
 * With `uplike_count` and `view_count` indexed on posts, every vote and every counted view was a
 * non-HOT update: a new row version with an entry in each of the table's twelve indexes, three of them
 * GIN (full text and trigrams over title and command), measured at about 0.17 ms per row here. Indexed
 * in this narrow table instead, the posts update touches no indexed column and stays on its page (HOT,
 * helped by a fillfactor that leaves room), and the ranking copy costs a few btree entries.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  // Kept by triggers, like counters.post_counts: exact whoever writes posts (seeds, tests, bulk loads).
  sql`CREATE TABLE counters.post_ranks (
    post_id uuid PRIMARY KEY,
    category_id uuid,
    created_at timestamptz NOT NULL,
    uplike_count integer NOT NULL,
    view_count integer NOT NULL
  )`,
  sql`INSERT INTO counters.post_ranks (post_id, category_id, created_at, uplike_count, view_count)
    SELECT id, category_id, created_at, uplike_count, view_count FROM posts`,
  sql`CREATE INDEX post_ranks_uplike_idx ON counters.post_ranks (uplike_count DESC, created_at DESC)`,
  sql`CREATE INDEX post_ranks_view_idx ON counters.post_ranks (view_count DESC, created_at DESC)`,
  // A category's pages by votes or views, and a post's related posts (its category's most upvoted).
  sql`CREATE INDEX post_ranks_category_uplike_idx
    ON counters.post_ranks (category_id, uplike_count DESC, created_at DESC)`,
  sql`CREATE INDEX post_ranks_category_view_idx
    ON counters.post_ranks (category_id, view_count DESC, created_at DESC)`,
  sql`DROP INDEX posts_uplike_count_idx`,
  sql`DROP INDEX posts_view_count_idx`,
  // Room on each page for the new version of a row whose counters change (applies to pages written
  // from now on; a VACUUM FULL or a fresh load applies it to the rest).
  sql`ALTER TABLE posts SET (fillfactor = 85)`,
  sql.raw(`CREATE FUNCTION counters.post_ranks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.post_ranks (post_id, category_id, created_at, uplike_count, view_count)
      SELECT id, category_id, created_at, uplike_count, view_count FROM new_rows;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.post_ranks_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.post_ranks r USING old_rows o WHERE r.post_id = o.id;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.post_ranks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.post_ranks
      SET category_id = NEW.category_id, created_at = NEW.created_at,
        uplike_count = NEW.uplike_count, view_count = NEW.view_count
      WHERE post_id = NEW.id;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.post_ranks_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.post_ranks;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER posts_ranked_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.post_ranks_inserted()`,
  sql`CREATE TRIGGER posts_ranked_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.post_ranks_deleted()`,
  // Row level, and only when a ranked column changed: a vote or a view changes one of them per row.
  sql`CREATE TRIGGER posts_ranked_update AFTER UPDATE OF uplike_count, view_count, category_id, created_at
    ON posts FOR EACH ROW WHEN (
      OLD.uplike_count IS DISTINCT FROM NEW.uplike_count OR OLD.view_count IS DISTINCT FROM NEW.view_count
      OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    ) EXECUTE FUNCTION counters.post_ranks_updated()`,
  sql`CREATE TRIGGER posts_ranked_truncate AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION counters.post_ranks_truncated()`,
]

/** Moves the vote and view orderings of posts into counters.post_ranks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Restores the posts indexes and removes the ranks. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS posts_ranked_${trigger} ON posts`).execute(db)
  }
  for (const fn of ['inserted', 'deleted', 'updated', 'truncated']) {
    await sql.raw(`DROP FUNCTION IF EXISTS counters.post_ranks_${fn}()`).execute(db)
  }
  await sql`DROP TABLE IF EXISTS counters.post_ranks`.execute(db)
  await sql`ALTER TABLE posts RESET (fillfactor)`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS posts_uplike_count_idx ON posts (uplike_count DESC, created_at DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX IF NOT EXISTS posts_view_count_idx ON posts (view_count DESC, created_at DESC)`.execute(
    db,
  )
}
