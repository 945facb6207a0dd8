import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { startBatch } from '../../lib/batch.ts'
import { startOfUtcDay } from '../../lib/time.ts'
import type { LiveLogger } from '../../live/bus.ts'
import { deleteSessionsFinishedBefore } from '../sessions/repo.ts'
import { deleteActivityBefore, deleteViewsBefore, type ViewTable } from './repo.ts'

/**
 * A view row only decides whether the same visitor's next visit in the same hour counts again, so rows
 * of past hours are dead weight (at a few thousand new visitors a second, millions an hour). Two hours
 * are kept, for clocks that disagree a little.
 */
export const VIEW_RETENTION_MS = 2 * 60 * 60 * 1000
/** How often old view rows are removed. */
export const VIEW_PRUNE_EVERY_MS = 10 * 60 * 1000
/** Rows deleted per statement. */
export const VIEW_PRUNE_BATCH = 10_000

const TABLES: readonly ViewTable[] = ['post_views', 'blog_views']

/** Deletes every view row older than `before`, batch by batch; returns how many went. */
export async function pruneViews(
  db: Kysely<Database>,
  before: Date,
  batch = VIEW_PRUNE_BATCH,
): Promise<number> {
  let total = 0
  for (const table of TABLES) {
    for (;;) {
      const deleted = await deleteViewsBefore(db, table, before, batch)
      total += deleted
      if (deleted < batch) break
    }
  }
  return total
}

/**
 * Deletes the per-user activity of days before yesterday (UTC): "active today" reads only today's,
 * and a day is kept one day longer for clocks that disagree a little around midnight.
 */
export function pruneActivity(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteActivityBefore(db, new Date(startOfUtcDay(now).getTime() - 24 * 60 * 60 * 1000))
}

/** How long a web session that ended or expired stays, before the pruner deletes it. */
export const FINISHED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000

/** A running pruner; `stop()` cancels the next round and waits for one in progress. */
export interface ViewPruner {
  stop(): Promise<void>
}

/**
 * Prunes view rows older than {@link VIEW_RETENTION_MS}, the activity of past days and web sessions
 * finished {@link FINISHED_SESSION_RETENTION_MS} ago, every
 * `everyMs`. Every instance may run it: deleting a row twice is harmless. Failures are logged and
 * retried on the next round.
 */
export function startViewPruning(
  deps: { db: Kysely<Database>; log: LiveLogger },
  everyMs = VIEW_PRUNE_EVERY_MS,
): ViewPruner {
  const batch = startBatch({
    delayMs: 0,
    everyMs,
    async run() {
      const [deleted, activity, sessions] = await Promise.all([
        pruneViews(deps.db, new Date(Date.now() - VIEW_RETENTION_MS)),
        pruneActivity(deps.db),
        deleteSessionsFinishedBefore(deps.db, new Date(Date.now() - FINISHED_SESSION_RETENTION_MS)),
      ])
      if (deleted > 0) deps.log.info({ deleted }, 'old view rows pruned')
      if (activity > 0) deps.log.info({ deleted: activity }, 'activity of past days pruned')
      if (sessions > 0) deps.log.info({ deleted: sessions }, 'finished web sessions pruned')
    },
    onError: (error) => deps.log.warn({ err: error }, 'pruning old view rows failed; retrying later'),
  })
  return { stop: batch.close }
}
