import type { Database } from '@bashboard/db'
import { preparedAs } from '@bashboard/db'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { utcTimestamp } from './json-dates-repo.ts'

/** A post created today as {@link platformStatsColumns} lists it: its date as json-dates-repo.ts writes it. */
export interface TodaysPostJson {
  id: string
  title: string
  slug: string
  created_at: string
}

/**
 * The platform stats' columns as one row gives them: bigint counts arrive as strings, today's posts as
 * parsed JSON.
 */
export interface PlatformStatsRow {
  total_posts: string
  total_users: string
  total_categories: string
  /** Distinct users who created a post or a comment, or cast or changed a vote, since the day began. */
  active_today: string
  todays_posts: TodaysPostJson[]
}

/** Today's date in UTC by the database's clock: the day the activity triggers (migration 0010) count in. */
const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`
/** The moment today (UTC) began, by the database's clock. */
const UTC_DAY_START = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`

/**
 * The select list of {@link PlatformStatsRow}, for any statement that answers the stats (this module's,
 * and the home page's, in one statement with its lists). "Today" is the UTC day by the database's
 * clock, written as `now()` rather than a parameter: a named statement's generic plan then estimates
 * it like a value, where a parameter was priced as a third of every table and the plan cache planned
 * each execution afresh (about 1 ms, more than running it). Each count is read from rows kept for the
 * purpose rather than counted over the tables: posts per category (migration 0002), users and per-day
 * activity (migration 0010); categories are a handful. "Active" counts users with a post, a comment or
 * a vote (by its last change) on or after that day: one row for a single day; if rows of more than
 * one day match (rows dated ahead of the clock), the users are counted once across them. Today's
 * posts are the newest `limit` created since the day began, newest first (ties by id), through the
 * creation date index, their dates in UTC (json-dates-repo.ts).
 */
export function platformStatsColumns(limit: number): RawBuilder<PlatformStatsRow> {
  return sql<PlatformStatsRow>`
    (SELECT coalesce(sum(n), 0) FROM counters.post_counts) AS total_posts,
    (SELECT coalesce(sum(n), 0) FROM counters.table_counts WHERE name = 'users') AS total_users,
    (SELECT count(*) FROM categories) AS total_categories,
    (CASE WHEN (SELECT count(*) FROM counters.daily_active WHERE day >= ${UTC_TODAY} AND users > 0) <= 1
      THEN (SELECT coalesce(sum(users), 0) FROM counters.daily_active WHERE day >= ${UTC_TODAY})
      ELSE (SELECT count(DISTINCT user_id) FROM counters.daily_activity WHERE day >= ${UTC_TODAY} AND n > 0)
    END) AS active_today,
    (SELECT coalesce(json_agg(json_build_object(
        'id', t.id, 'title', t.title, 'slug', t.slug,
        'created_at', ${utcTimestamp('t.created_at')}
      ) ORDER BY t.created_at DESC, t.id DESC), '[]'::json)
      FROM (SELECT id, title, slug, created_at FROM posts WHERE created_at >= ${UTC_DAY_START}
        ORDER BY created_at DESC, id DESC LIMIT ${sql.lit(limit)}) t
    ) AS todays_posts`
}

/**
 * The platform stats in one statement (see {@link platformStatsColumns}). A named prepared statement:
 * its text never varies (`limit` is a constant of the service) and it plans in more time than it runs.
 */
export async function findPlatformStats(db: Kysely<Database>, limit: number): Promise<PlatformStatsRow> {
  const { rows } = await sql<PlatformStatsRow>`${preparedAs('platform_stats')}SELECT ${platformStatsColumns(
    limit,
  )}`.execute(db)
  const row = rows[0]
  if (!row) throw new Error('the platform stats statement returned no row')
  return row
}
