import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

/** A user on a board: `points` is the all-time total, `gain` the window's ledger sum (all time: the total). */
export interface BoardRow {
  id: string
  username: string
  avatar: string | null
  points: number
  gain: number
}

/** The windows of the week and month boards, in UTC days (today included). */
export const WINDOW_DAYS = { week: 7, month: 30 } as const

/** The first UTC day of a window of `days` days ending today. */
function windowStart(days: number) {
  return sql<Date>`(now() AT TIME ZONE 'UTC')::date - ${days - 1}::int`
}

/** The all-time board: highest totals first; the earlier member wins a tie (users_points_idx). */
export async function findAllTimeTop(db: Kysely<Database>, limit: number): Promise<BoardRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'points'])
    .orderBy('points', 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ...row, gain: row.points }))
}

/**
 * A window board: the users whose points of the last `days` UTC days sum above 0, highest first
 * (ties: the earlier member). It sums the daily rollup (one row per user and day, migration 0004)
 * with an index-only scan of points_daily_day_idx, not every ledger entry of the window.
 */
export async function findWindowTop(db: Kysely<Database>, days: number, limit: number): Promise<BoardRow[]> {
  const rows = await db
    .with('gains', (qb) =>
      qb
        .selectFrom('points_daily')
        .select(['user_id', sql<string>`sum(delta)`.as('gain')])
        .where('day', '>=', windowStart(days))
        .groupBy('user_id')
        .having(sql`sum(delta)`, '>', 0),
    )
    .selectFrom('gains')
    .innerJoin('users', 'users.id', 'gains.user_id')
    .select(['users.id', 'users.username', 'users.avatar', 'users.points', 'gains.gain'])
    .orderBy('gains.gain', 'desc')
    .orderBy('users.created_at', 'asc')
    .orderBy('users.id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ...row, gain: Number(row.gain) }))
}

/** The sums of the last `days` UTC days of the given users (users without points are absent). */
export async function findWindowGains(
  db: Kysely<Database>,
  days: number,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('points_daily')
    .select(['user_id', sql<string>`sum(delta)`.as('gain')])
    .where('user_id', 'in', [...userIds])
    .where('day', '>=', windowStart(days))
    .groupBy('user_id')
    .execute()
  return new Map(rows.map((row) => [row.user_id, Number(row.gain)]))
}

/** The leaderboard page's all-time stats, in one scan of users. */
export async function countLeaderboardStats(db: Kysely<Database>): Promise<{
  totalUsers: number
  activeUsers: number
  experts: number
  totalPoints: number
}> {
  const row = await db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('total_users'),
      sql<string>`count(*) FILTER (WHERE points > 0)`.as('active_users'),
      sql<string>`count(*) FILTER (WHERE points >= 1000)`.as('experts'),
      sql<string>`coalesce(sum(points), 0)`.as('total_points'),
    ])
    .executeTakeFirstOrThrow()
  return {
    totalUsers: Number(row.total_users),
    activeUsers: Number(row.active_users),
    experts: Number(row.experts),
    totalPoints: Number(row.total_points),
  }
}
