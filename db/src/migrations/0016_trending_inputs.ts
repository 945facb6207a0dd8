/**
 * Every input of the trending score in counters.post_ranks, so the trending refresh reads that narrow
 * table instead of posts. Frozen once released.
 *
 * The refresh (server/src/modules/website/trending.ts) scores every post of the 30-day window every few
 * seconds. Read from posts, whose rows are wide, each post of the window cost a page of its own: at 1M
 * posts, 41,083 posts were 39,000 pages (312 MB) and 190 ms of reads a refresh. That is more than
 * shared_buffers here, so every refresh also pushed the pages the reads and votes use out of the cache.
 * post_ranks already held a post's up votes and views, kept by triggers; it now holds the down votes and
 * comments too, so the window's inputs fit in a few hundred pages (bench/README.md, "Session 14").
 * Neither new column is indexed, so writing them leaves the rank indexes alone.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`ALTER TABLE counters.post_ranks
    ADD COLUMN downlike_count integer NOT NULL DEFAULT 0,
    ADD COLUMN comments_count integer NOT NULL DEFAULT 0`,
  sql`UPDATE counters.post_ranks r SET downlike_count = p.downlike_count, comments_count = p.comments_count
    FROM posts p WHERE p.id = r.post_id AND (p.downlike_count <> 0 OR p.comments_count <> 0)`,
  sql.raw(`CREATE OR REPLACE FUNCTION counters.post_ranks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.post_ranks
        (post_id, category_id, created_at, uplike_count, view_count, downlike_count, comments_count)
      SELECT id, category_id, created_at, uplike_count, view_count, downlike_count, comments_count
      FROM new_rows;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE OR REPLACE FUNCTION counters.post_ranks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.post_ranks
      SET category_id = NEW.category_id, created_at = NEW.created_at,
        uplike_count = NEW.uplike_count, view_count = NEW.view_count,
        downlike_count = NEW.downlike_count, comments_count = NEW.comments_count
      WHERE post_id = NEW.id;
    RETURN NULL;
  END $$`),
  sql`DROP TRIGGER posts_ranked_update ON posts`,
  // Row level, and only when a copied column changed: a vote, a view or a comment changes one or two.
  sql`CREATE TRIGGER posts_ranked_update
    AFTER UPDATE OF uplike_count, downlike_count, comments_count, view_count, category_id, created_at
    ON posts FOR EACH ROW WHEN (
      OLD.uplike_count IS DISTINCT FROM NEW.uplike_count OR OLD.view_count IS DISTINCT FROM NEW.view_count
      OR OLD.downlike_count IS DISTINCT FROM NEW.downlike_count
      OR OLD.comments_count IS DISTINCT FROM NEW.comments_count
      OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    ) EXECUTE FUNCTION counters.post_ranks_updated()`,
]

/** Copies down votes and comments into counters.post_ranks and keeps them there. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Back to migration 0006's trigger and functions, without the two columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER posts_ranked_update ON posts`.execute(db)
  await sql`CREATE TRIGGER posts_ranked_update AFTER UPDATE OF uplike_count, view_count, category_id, created_at
    ON posts FOR EACH ROW WHEN (
      OLD.uplike_count IS DISTINCT FROM NEW.uplike_count OR OLD.view_count IS DISTINCT FROM NEW.view_count
      OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    ) EXECUTE FUNCTION counters.post_ranks_updated()`.execute(db)
  await sql
    .raw(`CREATE OR REPLACE FUNCTION counters.post_ranks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.post_ranks
      SET category_id = NEW.category_id, created_at = NEW.created_at,
        uplike_count = NEW.uplike_count, view_count = NEW.view_count
      WHERE post_id = NEW.id;
    RETURN NULL;
  END $$`)
    .execute(db)
  await sql
    .raw(`CREATE OR REPLACE FUNCTION counters.post_ranks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.post_ranks (post_id, category_id, created_at, uplike_count, view_count)
      SELECT id, category_id, created_at, uplike_count, view_count FROM new_rows;
    RETURN NULL;
  END $$`)
    .execute(db)
  await sql`ALTER TABLE counters.post_ranks DROP COLUMN comments_count, DROP COLUMN downlike_count`.execute(
    db,
  )
}
