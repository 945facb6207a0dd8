import { connectDatabase, migrateToLatest } from '@bashboard/db'
import pg from 'pg'

/*
 * The bulk-load frame shared by the benchmark datasets (bench/api, bench/leaderboard): migrate an
 * empty database, fill it with set-based statements in one transaction on one connection, commit,
 * VACUUM ANALYZE so the planner sees real statistics, then count what was written.
 */

/** Runs one statement of the load and logs its row count and duration. */
export type LoadStep = (label: string, statement: string, values?: unknown[]) => Promise<void>

/** The ledger the app would have written: 10 per post, +2 per upvote and −1 per downvote received. */
export const POINTS_LEDGER_FROM_ROWS = `INSERT INTO points_ledger (user_id, delta, reason, subject_id, actor_id, created_at)
       SELECT author_id, 10, 'post_created', id, author_id, created_at FROM posts
       UNION ALL
       SELECT p.author_id, CASE WHEN v.value > 0 THEN 2 ELSE -1 END,
              CASE WHEN v.value > 0 THEN 'upvote_received' ELSE 'downvote_received' END,
              v.post_id, v.user_id, v.created_at
       FROM votes v JOIN posts p ON p.id = v.post_id`

/**
 * Migrates the empty database at `url`, runs `fill` inside one transaction (synchronous_commit off,
 * plus the `settings` statements), commits, vacuums, and returns what `count` reads afterwards.
 * Rolls back on failure; the connection is always closed.
 */
export async function bulkLoad<T>(
  url: string,
  log: (line: string) => void,
  options: { settings?: readonly string[] },
  fill: (step: LoadStep, client: pg.Client) => Promise<void>,
  count: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const handle = await connectDatabase({ databaseUrl: url })
  try {
    await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }

  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  const step: LoadStep = async (label, statement, values = []) => {
    const at = Date.now()
    const result = await client.query(statement, values)
    log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - at) / 1000).toFixed(1)} s`)
  }
  try {
    await client.query('SET synchronous_commit = off')
    for (const setting of options.settings ?? []) await client.query(setting)
    await client.query('BEGIN')
    await fill(step, client)
    await client.query('COMMIT')

    const vacuumAt = Date.now()
    await client.query('VACUUM ANALYZE')
    log(`  vacuum analyze: ${((Date.now() - vacuumAt) / 1000).toFixed(1)} s`)
    return await count(client)
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    await client.end().catch(() => {})
  }
}
