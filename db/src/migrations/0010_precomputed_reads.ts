/**
 * Precomputed reads for the home page and trending lists, so a page the shared cache does not hold
 * costs a few index reads instead of counting and scoring rows. Frozen once released.
 *
 * - counters.trending_ranks: one row per post with its trending score. Triggers keep which posts it
 *   holds (and their category and date) exact; the score is written by the app's periodic refresh
 *   (the formula and the window live in the app), which also removes posts older than the window. A
 *   new post enters with score 0, its exact score while it has no votes, comments or views. A
 *   separate table rather than columns of counters.post_ranks: the refresh rewrites every score of the
 *   window, which in post_ranks would lock the rows votes and views update and add an entry to each of
 *   its indexes per post.
 * - counters.trending_counts: the rows of trending_ranks per category (kept by triggers on it), so the
 *   size of the window is a few rows plus the posts that aged out since the last refresh.
 * - counters.table_counts: the number of users, instead of count(*) over them on every home page.
 * - counters.daily_activity / daily_active: per UTC day, how many posts, comments and votes (by the
 *   day of their updated_at) each user has, and how many users have at least one. "Active today" is
 *   then one row. Votes are counted by a row trigger on INSERT only and an UPDATE trigger limited to a
 *   change of day, so the common vote statements (a switch the same day) never call a function.
 *
 * Every trigger applies its changes in key order, so two statements touching the same counter rows
 * lock them in the same order.
 */
import { type Kysely, sql } from 'kysely'

/** The key counted for posts without a category (as in 0002: a primary key cannot be null). */
const UNCATEGORISED = '00000000-0000-0000-0000-000000000000'

const trending = [
  sql`CREATE TABLE counters.trending_ranks (
    post_id uuid PRIMARY KEY,
    category_id uuid,
    created_at timestamptz NOT NULL,
    score float8 NOT NULL DEFAULT 0
  )`,
  // Every post for now: the app's first refresh scores the window and drops the rest.
  sql`INSERT INTO counters.trending_ranks (post_id, category_id, created_at)
    SELECT id, category_id, created_at FROM posts`,
  // A page is read in score order, ties by newest; post_id is included so it needs no heap visit.
  sql`CREATE INDEX trending_ranks_score_idx ON counters.trending_ranks (score DESC, created_at DESC)
    INCLUDE (post_id)`,
  sql`CREATE INDEX trending_ranks_category_score_idx
    ON counters.trending_ranks (category_id, score DESC, created_at DESC) INCLUDE (post_id)`,
  // The posts that left the window since the last refresh: the count subtracts them.
  sql`CREATE INDEX trending_ranks_created_at_idx ON counters.trending_ranks (created_at)`,
  sql.raw(`CREATE FUNCTION counters.trending_ranks_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.trending_ranks (post_id, category_id, created_at)
      SELECT id, category_id, created_at FROM new_rows ORDER BY id;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.trending_ranks_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.trending_ranks r USING old_rows o WHERE r.post_id = o.id;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.trending_ranks_updated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.trending_ranks SET category_id = NEW.category_id, created_at = NEW.created_at
      WHERE post_id = NEW.id;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.trending_ranks_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.trending_ranks;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER posts_trending_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.trending_ranks_inserted()`,
  sql`CREATE TRIGGER posts_trending_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.trending_ranks_deleted()`,
  // Only a move or a new date: counters never fire it.
  sql`CREATE TRIGGER posts_trending_update AFTER UPDATE OF category_id, created_at ON posts FOR EACH ROW
    WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION counters.trending_ranks_updated()`,
  sql`CREATE TRIGGER posts_trending_truncate AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION counters.trending_ranks_truncated()`,

  sql`CREATE TABLE counters.trending_counts (
    category_key uuid PRIMARY KEY,
    n bigint NOT NULL
  )`,
  sql`INSERT INTO counters.trending_counts (category_key, n)
    SELECT coalesce(category_id, ${sql.lit(UNCATEGORISED)}::uuid), count(*) FROM counters.trending_ranks GROUP BY 1`,
  sql.raw(`CREATE FUNCTION counters.trending_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.trending_counts AS c (category_key, n)
      SELECT coalesce(category_id, '${UNCATEGORISED}'::uuid), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (category_key) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.trending_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.trending_counts AS c SET n = c.n - d.n
      FROM (SELECT coalesce(category_id, '${UNCATEGORISED}'::uuid) AS category_key, count(*) AS n
            FROM old_rows GROUP BY 1) AS d
      WHERE c.category_key = d.category_key;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.trending_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE counters.trending_counts SET n = n - 1
      WHERE category_key = coalesce(OLD.category_id, '${UNCATEGORISED}'::uuid);
    INSERT INTO counters.trending_counts AS c (category_key, n)
      VALUES (coalesce(NEW.category_id, '${UNCATEGORISED}'::uuid), 1)
      ON CONFLICT (category_key) DO UPDATE SET n = c.n + 1;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER trending_counted_insert AFTER INSERT ON counters.trending_ranks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.trending_counts_inserted()`,
  sql`CREATE TRIGGER trending_counted_delete AFTER DELETE ON counters.trending_ranks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.trending_counts_deleted()`,
  // The refresh updates scores only, so it never fires this.
  sql`CREATE TRIGGER trending_counted_move AFTER UPDATE OF category_id ON counters.trending_ranks
    FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
    EXECUTE FUNCTION counters.trending_counts_moved()`,
]

// The home page's top posts of the week: the week's posts by date, with their upvotes, index-only.
const weekly = [
  sql`CREATE INDEX post_ranks_created_at_idx ON counters.post_ranks (created_at DESC)
    INCLUDE (uplike_count, post_id)`,
]

const users = [
  sql`CREATE TABLE counters.table_counts (
    name text PRIMARY KEY,
    n bigint NOT NULL
  )`,
  sql`INSERT INTO counters.table_counts (name, n) SELECT 'users', count(*) FROM users`,
  sql.raw(`CREATE FUNCTION counters.users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE counters.table_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE name = 'users';
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE counters.table_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE name = 'users';
    ELSE
      UPDATE counters.table_counts SET n = 0 WHERE name = 'users';
    END IF;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER users_counted_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.users_counted()`,
  sql`CREATE TRIGGER users_counted_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.users_counted()`,
  sql`CREATE TRIGGER users_counted_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION counters.users_counted()`,
]

/** The UTC day of a timestamp, as the app's "today" (from UTC midnight) counts it. */
const day = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`

const activity = [
  sql`CREATE TABLE counters.daily_activity (
    day date NOT NULL,
    user_id uuid NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (day, user_id)
  )`,
  sql`CREATE TABLE counters.daily_active (
    day date PRIMARY KEY,
    users integer NOT NULL
  )`,
  // Applies activity deltas: per (day, user) the row count moves by delta, and a day's active users
  // move by one whenever a user's count goes from 0 to more or back. A decrement of a pruned day (the
  // app keeps only recent days) makes a row at or below 0, which counts as inactive, as it should.
  // PL/pgSQL rather than SQL: its statement's plan is kept per connection, where a SQL function's
  // would be planned again on every vote.
  sql.raw(`CREATE FUNCTION counters.add_activity(days date[], user_ids uuid[], deltas integer[])
  RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    WITH d AS (
      SELECT day, user_id, sum(delta)::int AS delta
      FROM unnest(days, user_ids, deltas) AS c(day, user_id, delta)
      WHERE user_id IS NOT NULL
      GROUP BY 1, 2 HAVING sum(delta) <> 0
    ), a AS (
      INSERT INTO counters.daily_activity AS a (day, user_id, n)
        SELECT day, user_id, delta FROM d ORDER BY 1, 2
        ON CONFLICT (day, user_id) DO UPDATE SET n = a.n + excluded.n
        RETURNING a.day, a.user_id, a.n
    ), moved AS (
      SELECT a.day, sum((a.n > 0)::int - (a.n - d.delta > 0)::int)::int AS users
      FROM a JOIN d ON d.day = a.day AND d.user_id = a.user_id
      GROUP BY 1
    )
    INSERT INTO counters.daily_active AS t (day, users)
      SELECT day, users FROM moved WHERE users <> 0 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET users = t.users + excluded.users;
  END $$`),
  // Posts and comments: by creation day and author.
  ...(['posts', 'comments'] as const).flatMap((table) => [
    sql.raw(`CREATE FUNCTION counters.${table}_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM counters.add_activity(array_agg(${day('created_at')}), array_agg(author_id), array_agg(1))
          FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM counters.add_activity(array_agg(${day('created_at')}), array_agg(author_id), array_agg(-1))
          FROM old_rows;
      ELSE
        PERFORM counters.add_activity(
          ARRAY[${day('OLD.created_at')}, ${day('NEW.created_at')}], ARRAY[OLD.author_id, NEW.author_id],
          ARRAY[-1, 1]);
      END IF;
      RETURN NULL;
    END $$`),
    sql.raw(`CREATE TRIGGER ${table}_activity_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION counters.${table}_activity()`),
    sql.raw(`CREATE TRIGGER ${table}_activity_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION counters.${table}_activity()`),
    sql.raw(`CREATE TRIGGER ${table}_activity_update AFTER UPDATE OF created_at, author_id ON ${table}
      FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id
        OR ${day('OLD.created_at')} IS DISTINCT FROM ${day('NEW.created_at')})
      EXECUTE FUNCTION counters.${table}_activity()`),
  ]),
  // Votes: by the day of updated_at (a cast or a change) and the voter. A vote switched the same day it
  // was cast or last changed fires nothing.
  sql.raw(`CREATE FUNCTION counters.votes_activity() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM counters.add_activity(ARRAY[${day('NEW.updated_at')}], ARRAY[NEW.user_id], ARRAY[1]);
    ELSIF TG_OP = 'UPDATE' THEN
      PERFORM counters.add_activity(
        ARRAY[${day('OLD.updated_at')}, ${day('NEW.updated_at')}], ARRAY[OLD.user_id, NEW.user_id],
        ARRAY[-1, 1]);
    END IF;
    RETURN NULL;
  END $$`),
  sql.raw(`CREATE FUNCTION counters.votes_activity_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM counters.add_activity(array_agg(${day('updated_at')}), array_agg(user_id), array_agg(-1))
      FROM old_rows;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER votes_activity_insert AFTER INSERT ON votes
    FOR EACH ROW EXECUTE FUNCTION counters.votes_activity()`,
  sql.raw(`CREATE TRIGGER votes_activity_update AFTER UPDATE OF updated_at, user_id ON votes
    FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
      OR ${day('OLD.updated_at')} IS DISTINCT FROM ${day('NEW.updated_at')})
    EXECUTE FUNCTION counters.votes_activity()`),
  sql`CREATE TRIGGER votes_activity_delete AFTER DELETE ON votes REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.votes_activity_deleted()`,
  // A truncate of any source recounts from what is left (wipeDatabase truncates them all at once).
  sql.raw(`CREATE FUNCTION counters.activity_recount() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM counters.daily_activity;
    DELETE FROM counters.daily_active;
    PERFORM counters.add_activity(array_agg(day), array_agg(user_id), array_agg(n))
      FROM (
        SELECT ${day('created_at')} AS day, author_id AS user_id, 1 AS n FROM posts
        UNION ALL SELECT ${day('created_at')}, author_id, 1 FROM comments
        UNION ALL SELECT ${day('updated_at')}, user_id, 1 FROM votes
      ) AS rows_left;
    RETURN NULL;
  END $$`),
  ...['posts', 'comments', 'votes'].map((table) =>
    sql.raw(`CREATE TRIGGER ${table}_activity_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION counters.activity_recount()`),
  ),
  // Only recent days are ever read ("today" from UTC midnight): the app prunes older ones.
  sql.raw(`SELECT counters.add_activity(array_agg(day), array_agg(user_id), array_agg(n))
    FROM (
      SELECT ${day('created_at')} AS day, author_id AS user_id, 1 AS n FROM posts
        WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
      UNION ALL SELECT ${day('created_at')}, author_id, 1 FROM comments
        WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
      UNION ALL SELECT ${day('updated_at')}, user_id, 1 FROM votes
        WHERE updated_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day'
    ) AS recent`),
]

/**
 * Adds the trending ranks, the weekly index, the user count and the daily activity, with the triggers
 * that keep them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...trending, ...weekly, ...users, ...activity]) await statement.execute(db)
}

/** Drops the tables and their triggers. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers: Array<[string, string]> = [
    ['posts_trending_insert', 'posts'],
    ['posts_trending_delete', 'posts'],
    ['posts_trending_update', 'posts'],
    ['posts_trending_truncate', 'posts'],
    ['users_counted_insert', 'users'],
    ['users_counted_delete', 'users'],
    ['users_counted_truncate', 'users'],
    ...['posts', 'comments', 'votes'].flatMap(
      (table): Array<[string, string]> =>
        ['insert', 'delete', 'update', 'truncate'].map((op) => [`${table}_activity_${op}`, table]),
    ),
  ]
  for (const [trigger, table] of triggers) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`).execute(db)
  }
  // The functions go with their tables' triggers; trending_ranks' own triggers go with the table.
  for (const fn of [
    'trending_ranks_inserted()',
    'trending_ranks_deleted()',
    'trending_ranks_updated()',
    'trending_ranks_truncated()',
    'users_counted()',
    'posts_activity()',
    'comments_activity()',
    'votes_activity()',
    'votes_activity_deleted()',
    'activity_recount()',
  ]) {
    await sql.raw(`DROP FUNCTION IF EXISTS counters.${fn}`).execute(db)
  }
  for (const table of [
    'trending_ranks',
    'trending_counts',
    'table_counts',
    'daily_activity',
    'daily_active',
  ]) {
    await sql.raw(`DROP TABLE IF EXISTS counters.${table}`).execute(db)
  }
  for (const fn of ['trending_counts_inserted()', 'trending_counts_deleted()', 'trending_counts_moved()']) {
    await sql.raw(`DROP FUNCTION IF EXISTS counters.${fn}`).execute(db)
  }
  await sql`DROP FUNCTION IF EXISTS counters.add_activity(date[], uuid[], integer[])`.execute(db)
  await sql`DROP INDEX IF EXISTS counters.post_ranks_created_at_idx`.execute(db)
}
