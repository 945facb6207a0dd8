import type { Database } from '@bashboard/db'
import { type Kysely, sql } from 'kysely'

/** The tables that remember who viewed what in which hour. */
export type ViewTable = 'post_views' | 'blog_views'

/**
 * Deletes up to `limit` rows of `table` whose hour bucket is before `before` (through the bucket
 * index), and returns how many went. Bounded so a large backlog never holds locks for long.
 */
export async function deleteViewsBefore(
  db: Kysely<Database>,
  table: ViewTable,
  before: Date,
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM ${sql.table(table)} WHERE ctid IN (
      SELECT ctid FROM ${sql.table(table)} WHERE bucket < ${before} LIMIT ${limit}
    )`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/**
 * Deletes the per-user daily activity (migration 0010) of UTC days before `day`, and returns how many
 * rows went. Only today's is ever read ("active today"); the per-day totals are one row a day and kept.
 */
export async function deleteActivityBefore(db: Kysely<Database>, day: Date): Promise<number> {
  const result =
    await sql`DELETE FROM counters.daily_activity WHERE day < ${day.toISOString().slice(0, 10)}::date`.execute(
      db,
    )
  return Number(result.numAffectedRows ?? 0)
}
