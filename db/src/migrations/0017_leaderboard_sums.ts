/**
 * The leaderboard's sums kept up to date instead of computed on every recount. Frozen once released.
 *
 * Under a stream of votes the leaderboard recomputes about once a second (server/src/modules/
 * leaderboard/service.ts). At 1M posts its week and month boards summed every points_daily row of the
 * window (116 ms each) and its stats counted every user (63 ms): 74 s of database time in one
 * benchmark run, the largest background cost left (bench/README.md, "Session 14").
 *
 * - counters.window_gains: each user's points of the last 7 and the last 30 UTC days, today included
 *   (docs/product-rules.md#leaderboard), as of the day in counters.window_gains_day. A statement
 *   trigger on points_ledger adds every new entry that falls in a window, so a board is a top-N over
 *   a narrow table of the users with points in the last 30 days. Days move the windows: the first
 *   reader of a new day rebuilds the table from points_daily (counters.window_gains_current()), once.
 * - counters.points_totals: how many users have points above 0, how many are experts (1000 or more,
 *   docs/product-rules.md#leaderboard) and the sum of every total, kept by statement triggers on users.
 *   Its one row is updated only by a statement that changes someone's points: a vote settlement batch,
 *   a post created or deleted, a sign-up with points (tests, seeds).
 *
 * Like the other counters (0002, 0010) the tables have no foreign keys: the triggers follow inserts,
 * deletes and truncations of the tables they sum, so truncating the app's tables needs nothing more.
 */
import { type Kysely, sql } from 'kysely'

/** A timestamp's UTC day, as points_daily (0004) dates entries. */
const day = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`
const UTC_TODAY = `(now() AT TIME ZONE 'UTC')::date`
/** How far back each window's first day is from its last (7 and 30 UTC days, today included). */
const WEEK_BACK = 6
const MONTH_BACK = 29
/** The stats of points_totals over a set of users rows: with points, experts (1000 or more), the sum. */
const TOTALS =
  'count(*) FILTER (WHERE points > 0), count(*) FILTER (WHERE points >= 1000), coalesce(sum(points), 0)'

const windows = [
  sql`CREATE TABLE counters.window_gains (
    user_id uuid PRIMARY KEY,
    week integer NOT NULL,
    month integer NOT NULL
  )`,
  // One row: the day the windows end on (today, unless no reader has come since midnight).
  sql`CREATE TABLE counters.window_gains_day (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    day date NOT NULL
  )`,
  sql`INSERT INTO counters.window_gains_day (day) VALUES ('1970-01-01')`,
  // Entries dated after the table's day (the day changed and no reader has rebuilt yet) are added
  // too; the rebuild replaces them with the sums of points_daily, which hold them.
  sql.raw(`CREATE FUNCTION counters.window_gains_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO counters.window_gains AS g (user_id, week, month)
      SELECT n.user_id,
        coalesce(sum(n.delta) FILTER (WHERE ${day('n.created_at')} >= d.day - ${WEEK_BACK}), 0)::int,
        sum(n.delta)::int
      FROM new_rows n CROSS JOIN counters.window_gains_day d
      WHERE ${day('n.created_at')} >= d.day - ${MONTH_BACK}
      GROUP BY n.user_id
      ORDER BY n.user_id
      ON CONFLICT (user_id) DO UPDATE SET week = g.week + EXCLUDED.week, month = g.month + EXCLUDED.month;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER points_ledger_window_gains AFTER INSERT ON points_ledger
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.window_gains_add()`,
  sql.raw(`CREATE FUNCTION counters.window_gains_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM counters.window_gains WHERE user_id IN (SELECT id FROM old_rows);
    ELSE
      DELETE FROM counters.window_gains;
    END IF;
    RETURN NULL;
  END $$`),
  // A deleted user's ledger goes with them (ON DELETE CASCADE), and so do their sums.
  sql`CREATE TRIGGER users_window_gains_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.window_gains_cleared()`,
  sql`CREATE TRIGGER points_ledger_window_gains_truncate AFTER TRUNCATE ON points_ledger
    FOR EACH STATEMENT EXECUTE FUNCTION counters.window_gains_cleared()`,
  // Brings the windows to today, once a day. The lock conflicts with the trigger's insert, so a ledger
  // entry written during the rebuild waits and is added to the new sums; one that committed before is
  // in points_daily, which the rebuild reads after taking the lock. Two readers of a new day rebuild once.
  sql.raw(`CREATE FUNCTION counters.window_gains_current() RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    today date := ${UTC_TODAY};
  BEGIN
    IF (SELECT day FROM counters.window_gains_day) = today THEN
      RETURN;
    END IF;
    LOCK TABLE counters.window_gains IN SHARE ROW EXCLUSIVE MODE;
    IF (SELECT day FROM counters.window_gains_day) = today THEN
      RETURN;
    END IF;
    DELETE FROM counters.window_gains;
    INSERT INTO counters.window_gains (user_id, week, month)
      SELECT user_id, coalesce(sum(delta) FILTER (WHERE day >= today - ${WEEK_BACK}), 0)::int, sum(delta)::int
      FROM points_daily
      WHERE day >= today - ${MONTH_BACK}
      GROUP BY user_id;
    UPDATE counters.window_gains_day SET day = today;
  END $$`),
  sql`SELECT counters.window_gains_current()`,
]

const totals = [
  sql`CREATE TABLE counters.points_totals (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    active bigint NOT NULL,
    experts bigint NOT NULL,
    total bigint NOT NULL
  )`,
  sql`INSERT INTO counters.points_totals (active, experts, total) SELECT ${sql.raw(TOTALS)} FROM users`,
  // Transition tables cannot go with a column list (UPDATE OF points), so every update of users runs
  // this; the counter row is written, and locked, only when some total changed.
  sql.raw(`CREATE FUNCTION counters.points_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    n_active bigint := 0;
    n_experts bigint := 0;
    n_total bigint := 0;
    o_active bigint := 0;
    o_experts bigint := 0;
    o_total bigint := 0;
    d_active bigint;
    d_experts bigint;
    d_total bigint;
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      UPDATE counters.points_totals SET active = 0, experts = 0, total = 0;
      RETURN NULL;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT ${TOTALS} INTO n_active, n_experts, n_total FROM new_rows;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      SELECT ${TOTALS} INTO o_active, o_experts, o_total FROM old_rows;
    END IF;
    d_active := n_active - o_active;
    d_experts := n_experts - o_experts;
    d_total := n_total - o_total;
    IF d_active <> 0 OR d_experts <> 0 OR d_total <> 0 THEN
      UPDATE counters.points_totals
        SET active = active + d_active, experts = experts + d_experts, total = total + d_total;
    END IF;
    RETURN NULL;
  END $$`),
  sql`CREATE TRIGGER users_points_totals_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.points_totals_changed()`,
  sql`CREATE TRIGGER users_points_totals_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION counters.points_totals_changed()`,
  sql`CREATE TRIGGER users_points_totals_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION counters.points_totals_changed()`,
  sql`CREATE TRIGGER users_points_totals_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION counters.points_totals_changed()`,
]

/** Creates both sets of sums, filled from the rows already there. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...windows, ...totals]) await statement.execute(db)
}

/** Drops both (the boards then sum points_daily and count users again, as before). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'users_points_totals_insert ON users',
    'users_points_totals_update ON users',
    'users_points_totals_delete ON users',
    'users_points_totals_truncate ON users',
    'users_window_gains_delete ON users',
    'points_ledger_window_gains ON points_ledger',
    'points_ledger_window_gains_truncate ON points_ledger',
  ]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db)
  }
  for (const fn of [
    'points_totals_changed()',
    'window_gains_current()',
    'window_gains_cleared()',
    'window_gains_add()',
  ]) {
    await sql.raw(`DROP FUNCTION IF EXISTS counters.${fn}`).execute(db)
  }
  for (const table of ['points_totals', 'window_gains_day', 'window_gains']) {
    await sql.raw(`DROP TABLE IF EXISTS counters.${table}`).execute(db)
  }
}
