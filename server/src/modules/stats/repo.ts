import type { Database } from '@bashboard/db'
import { preparedAs } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

/** The counts of the platform stats. */
export interface PlatformTotals {
  posts: number
  users: number
  categories: number
  /** Distinct users who created a post or a comment, or cast or changed a vote, since `day`. */
  activeToday: number
}

/**
 * The counts of the platform stats in one statement, each read from rows kept for the purpose rather
 * than counted over the tables: posts per category (migration 0002), users and per-day activity
 * (migration 0010); categories are a handful. `day` is a UTC midnight, and "active" counts users with
 * a post, a comment or a vote (by its last change) on or after that day: one row for a single day; if
 * rows of more than one day match (a clock ahead of midnight), the users are counted once across them.
 * A named prepared statement: its text never varies and it plans in more time than it runs.
 */
export async function countTotals(db: Kysely<Database>, day: Date): Promise<PlatformTotals> {
  const date = day.toISOString().slice(0, 10)
  const { rows } = await sql<{
    posts: string
    users: string
    categories: string
    active: string
  }>`${preparedAs('platform_totals')}SELECT
      (SELECT coalesce(sum(n), 0) FROM counters.post_counts) AS posts,
      (SELECT coalesce(sum(n), 0) FROM counters.table_counts WHERE name = 'users') AS users,
      (SELECT count(*) FROM categories) AS categories,
      (CASE WHEN (SELECT count(*) FROM counters.daily_active WHERE day >= ${date}::date AND users > 0) <= 1
        THEN (SELECT coalesce(sum(users), 0) FROM counters.daily_active WHERE day >= ${date}::date)
        ELSE (SELECT count(DISTINCT user_id) FROM counters.daily_activity WHERE day >= ${date}::date AND n > 0)
      END) AS active`.execute(db)
  const row = rows[0]
  return {
    posts: Number(row?.posts ?? 0),
    users: Number(row?.users ?? 0),
    categories: Number(row?.categories ?? 0),
    activeToday: Number(row?.active ?? 0),
  }
}

/** The newest posts created at or after `since`. */
export function findPostsCreatedSince(
  db: Kysely<Database>,
  since: Date,
  limit: number,
): Promise<Array<{ id: string; title: string; slug: string; created_at: Date }>> {
  return db
    .selectFrom('posts')
    .select(['id', 'title', 'slug', 'created_at'])
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
