import type { Database } from '@bashboard/db'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { DELETED_MEMBER_ID } from '../../lib/deleted-member.ts'

/** A user on a board: `points` is the all-time total, `gain` the window's ledger sum (all time: the total). */
export interface BoardRow {
  id: string
  username: string
  avatar: string | null
  points: number
  gain: number
}

/** The boards summed over a window of days (docs/product-rules.md#leaderboard; migration 0017). */
export type WindowPeriod = 'week' | 'month'

/** The column of counters.window_gains holding each window's sums. */
const GAIN_COLUMN = { week: sql.ref('week'), month: sql.ref('month') } as const

/**
 * Brings counters.window_gains to today's windows. It does nothing but read one row, except for the
 * first call of a UTC day, which rebuilds the sums from the daily rollup (migration 0017). Call it
 * before reading the window boards.
 */
export async function bringWindowGainsToToday(db: Kysely<Database>): Promise<void> {
  await sql`SELECT counters.window_gains_current()`.execute(db)
}

/**
 * The all-time board: highest totals first; the earlier member wins a tie (users_points_idx). The
 * deleted-member account (lib/deleted-member.ts) is nobody's place on it.
 */
export async function findAllTimeTop(db: Kysely<Database>, limit: number): Promise<BoardRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'points'])
    .where('id', '<>', DELETED_MEMBER_ID)
    .orderBy('points', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ...row, gain: row.points }))
}

/**
 * A window board: the users whose points of the window sum above 0, highest first (ties: the earlier
 * member). The sums are kept per user by a trigger on the ledger (migration 0017), so this is a top-N
 * over the users with points in the last 30 days, then a join of those 50 (and any tied with the
 * 50th) with users.
 */
export async function findWindowTop(
  db: Kysely<Database>,
  period: WindowPeriod,
  limit: number,
): Promise<BoardRow[]> {
  const { rows } = await windowTopQuery(period, limit).execute(db)
  return rows
}

/** {@link findWindowTop}'s statement (the API benchmark EXPLAINs it too). */
export function windowTopQuery(period: WindowPeriod, limit: number): RawBuilder<BoardRow> {
  const gain = GAIN_COLUMN[period]
  return sql<BoardRow>`
    WITH top AS (
      SELECT user_id, ${gain} AS gain FROM counters.window_gains WHERE ${gain} > 0
      ORDER BY ${gain} DESC FETCH FIRST ${sql.lit(limit)} ROWS WITH TIES
    )
    SELECT u.id, u.username, u.avatar, u.points, top.gain
    FROM top JOIN users u ON u.id = top.user_id
    ORDER BY top.gain DESC, u.created_at ASC, u.id ASC
    LIMIT ${sql.lit(limit)}`
}

/** The window sums of the given users (users without points in the window are absent or 0). */
export async function findWindowGains(
  db: Kysely<Database>,
  period: WindowPeriod,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const { rows } = await sql<{ user_id: string; gain: number }>`
    SELECT user_id, ${GAIN_COLUMN[period]} AS gain FROM counters.window_gains
    WHERE user_id = ANY(${[...userIds]}::uuid[])`.execute(db)
  return new Map(rows.map((row) => [row.user_id, row.gain]))
}

/** {@link countLeaderboardStats}'s statement (the API benchmark EXPLAINs it too). */
export const LEADERBOARD_STATS = sql<{ total_users: string; active: string; experts: string; total: string }>`
  SELECT (SELECT coalesce(sum(n), 0) FROM counters.table_counts WHERE name = 'users') AS total_users,
    t.active, t.experts, t.total
  FROM counters.points_totals t`

/**
 * The leaderboard page's all-time stats, from the rows kept for them: the user count (migration 0010)
 * and the points totals (migration 0017), not a scan of users.
 */
export async function countLeaderboardStats(db: Kysely<Database>): Promise<{
  totalUsers: number
  activeUsers: number
  experts: number
  totalPoints: number
}> {
  const { rows } = await LEADERBOARD_STATS.execute(db)
  const row = rows[0]
  if (!row) throw new Error('counters.points_totals has no row (migration 0017)')
  return {
    totalUsers: Number(row.total_users),
    activeUsers: Number(row.active),
    experts: Number(row.experts),
    totalPoints: Number(row.total),
  }
}
