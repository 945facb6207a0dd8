import { type Kysely, sql } from 'kysely'

/** The key counted for posts without a category (category_id is nullable, a primary key is not). */
const UNCATEGORISED = '00000000-0000-0000-0000-000000000000'

// Post counts kept by triggers, so browse and the platform stats read a few rows instead of
// count(*) over every post. Triggers rather than the app's counters: they stay exact whoever writes
// posts (seeds, tests, bulk loads). The schema keeps bookkeeping out of the app's public tables.
const statements = [
  sql`CREATE SCHEMA counters`,
  sql`CREATE TABLE counters.post_counts (
    category_key uuid PRIMARY KEY,
    n bigint NOT NULL
  )`,
  sql`INSERT INTO counters.post_counts (category_key, n)
    SELECT coalesce(category_id, ${sql.lit(UNCATEGORISED)}::uuid), count(*) FROM posts GROUP BY 1`,
  // Statement-level with transition tables: a bulk insert costs one upsert per category, not per row.
  // Keys are upserted in order so concurrent writers lock counter rows in the same order.
  sql.raw(`CREATE FUNCTION counters.posts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.post_counts AS c (category_key, n)
      SELECT coalesce(category_id, '${UNCATEGORISED}'::uuid), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (category_key) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.posts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.post_counts AS c SET n = c.n - d.n
      FROM (SELECT coalesce(category_id, '${UNCATEGORISED}'::uuid) AS category_key, count(*) AS n
            FROM old_rows GROUP BY 1) AS d
      WHERE c.category_key = d.category_key;
    RETURN NULL;
  END $$`),
  // Moves between categories are rare (an edit, or a deleted category's SET NULL): row level is enough.
  sql.raw(`CREATE FUNCTION counters.posts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.post_counts SET n = n - 1
      WHERE category_key = coalesce(OLD.category_id, '${UNCATEGORISED}'::uuid);
    INSERT INTO counters.post_counts AS c (category_key, n)
      VALUES (coalesce(NEW.category_id, '${UNCATEGORISED}'::uuid), 1)
      ON CONFLICT (category_key) DO UPDATE SET n = c.n + 1;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.posts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.post_counts;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER posts_counted_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.posts_inserted()`,
  sql`CREATE TRIGGER posts_counted_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.posts_deleted()`,
  sql`CREATE TRIGGER posts_counted_move AFTER UPDATE OF category_id ON posts
    FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
    EXECUTE FUNCTION counters.posts_moved()`,
  sql`CREATE TRIGGER posts_counted_truncate AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION counters.posts_truncated()`,
  // Deep "latest" pages pick their ids from this index alone (index-only) before joining anything.
  sql`CREATE INDEX posts_created_at_id_idx ON posts (created_at DESC, id)`,
  // "Active today" ranges over these instead of scanning every comment and vote; the user column is
  // included so the range is answered from the index (a day's votes are spread over the whole heap).
  sql`CREATE INDEX comments_created_at_idx ON comments (created_at) INCLUDE (author_id)`,
  sql`CREATE INDEX votes_updated_at_idx ON votes (updated_at) INCLUDE (user_id)`,
]

/** Adds trigger-kept post counts and the indexes of the home and browse read paths. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db)
}

/** Drops the counters (their triggers go with the functions) and the indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS votes_updated_at_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS comments_created_at_idx`.execute(db)
  await sql`DROP INDEX IF EXISTS posts_created_at_id_idx`.execute(db)
  await sql`DROP SCHEMA IF EXISTS counters CASCADE`.execute(db)
}
