import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { startBatch } from '../../lib/batch.ts'
import type { LiveLogger } from '../../live/bus.ts'
import { refreshTrendingRanks, vacuumTrendingRanks } from './repo.ts'

/**
 * How often the trending scores are recomputed. Trending pages order posts by the scores of the last
 * refresh, so a vote, comment or view moves a post at most this long plus one refresh later (and
 * every post ages by the same few seconds meanwhile), once it moves the score by more than
 * TRENDING_SCORE_TOLERANCE (repo.ts). Which posts a page lists, and their counts, are
 * always current.
 */
export const TRENDING_REFRESH_MS = 5000

/**
 * A refresh costs time in proportion to the posts of the window: about 35 ms for 4,100 posts and 260 ms
 * for 41,000, its vacuum included (bench/README.md, "Session 14"). When the last one took longer than
 * this fraction of the time since it ended, the timer waits, so refreshing never takes more than about a
 * tenth of the database's time however large the window grows; the scores then trail by about ten
 * refreshes' time instead of {@link TRENDING_REFRESH_MS}.
 */
const MAX_BUSY_SHARE = 0.1

/** The trending scores' refresher of this instance. */
export interface TrendingRanks {
  /**
   * Scores the window now, or waits for the refresh already running on this instance and then runs
   * one (so the scores include everything committed before the call). Resolves false when another
   * instance held the lock; its refresh is running or just ran.
   */
  refresh(): Promise<boolean>
  /** Stops the timer and waits for a refresh in progress. */
  stop(): Promise<void>
}

/**
 * Refreshes counters.trending_ranks every `everyMs` (see {@link MAX_BUSY_SHARE}), starting at once
 * (the migration leaves every score at 0), and vacuums it after each refresh (see
 * vacuumTrendingRanks). Every instance runs the timer; an advisory lock lets one refresh run at a
 * time, and an instance that finds it held skips that round. Failures are logged and retried on the
 * next round.
 */
export function startTrendingRefresh(
  deps: { db: Kysely<Database>; log: LiveLogger },
  everyMs = TRENDING_REFRESH_MS,
): TrendingRanks {
  // When the last refresh ended and how long it took; whether it held the lock.
  let lastEnd = 0
  let lastDuration = 0
  let ran = false
  // Refreshes asked for by refresh(), which run whatever the busy share.
  let forced = false

  const batch = startBatch({
    delayMs: 0,
    everyMs,
    runAtStart: true,
    async run() {
      ran = false
      const due = lastEnd === 0 || Date.now() - lastEnd >= lastDuration / MAX_BUSY_SHARE - lastDuration
      if (!forced && !due) return
      forced = false
      const startedAt = Date.now()
      try {
        const outcome = await deps.db.transaction().execute(refreshTrendingRanks)
        if (outcome === null) return
        if (outcome.scored + outcome.dropped > 0) {
          await vacuumTrendingRanks(deps.db, { analyze: outcome.dropped > 0 })
        }
        ran = true
      } finally {
        lastEnd = Date.now()
        lastDuration = lastEnd - startedAt
      }
    },
    onError: (error) =>
      deps.log.warn({ err: error }, 'refreshing trending scores failed; retrying next round'),
  })

  return {
    async refresh() {
      forced = true
      await batch.flush()
      return ran
    },
    stop: batch.close,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The trending scores' refresher (see {@link TrendingRanks}). */
    trendingRanks: TrendingRanks
  }
}
