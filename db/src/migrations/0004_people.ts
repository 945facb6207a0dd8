/**
 * People (issue 4): a per-user, per-day rollup of the points ledger, so the week and month
 * leaderboards sum at most one row per user and day instead of every ledger entry in the window.
 * A trigger keeps it in step with every ledger insert (the app, seeds, tests and benchmarks alike);
 * the ledger is append-only, so inserts are the only change to follow. Frozen once released.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE points_daily (
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day date NOT NULL,
    delta integer NOT NULL,
    PRIMARY KEY (user_id, day)
  )`,
  // The window boards read a range of days and need only these columns: an index-only scan.
  sql`CREATE INDEX points_daily_day_idx ON points_daily (day) INCLUDE (user_id, delta)`,
  // Days are UTC days. The upsert takes the (user, day) row lock, which the vote or post transaction
  // already holds in effect through its update of the same user's total, so it adds no contention.
  sql`CREATE FUNCTION bashboard_points_daily_add() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      INSERT INTO points_daily (user_id, day, delta)
      VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.delta)
      ON CONFLICT (user_id, day) DO UPDATE SET delta = points_daily.delta + EXCLUDED.delta;
      RETURN NULL;
    END
    $$`,
  sql`CREATE TRIGGER points_ledger_daily_rollup AFTER INSERT ON points_ledger
    FOR EACH ROW EXECUTE FUNCTION bashboard_points_daily_add()`,
  // Entries written before this migration.
  sql`INSERT INTO points_daily (user_id, day, delta)
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(delta)::int
    FROM points_ledger
    GROUP BY 1, 2`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS points_ledger_daily_rollup ON points_ledger`.execute(db)
  await sql`DROP FUNCTION IF EXISTS bashboard_points_daily_add()`.execute(db)
  await sql`DROP TABLE IF EXISTS points_daily`.execute(db)
}
