import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { LiveLogger } from '../../live/bus.ts'
import { refreshTrendingRanks, vacuumTrendingRanks } from './repo.ts'

/**
 * How often the trending scores are recomputed. Trending pages order posts by the scores of the last
 * refresh, so a vote, comment or view moves a post at most this long plus one refresh later (and
 * every post ages by the same few seconds meanwhile). Which posts a page lists, and their counts, are
 * always current.
 */
export const TRENDING_REFRESH_MS = 5000

/**
 * A refresh costs time in proportion to the posts of the window (45–60 ms for 4,150 here). When the
 * last one took longer than this fraction of the time since it ended, the timer waits, so refreshing
 * never takes more than about a tenth of the database's time however large the window grows; the
 * scores then trail by about ten refreshes' time instead of {@link TRENDING_REFRESH_MS}.
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
  let running: Promise<unknown> = Promise.resolve()
  let inFlight = 0
  let stopped = false
  // When the last refresh ended and how long it took.
  let lastEnd = 0
  let lastDuration = 0
  const run = (): Promise<boolean> => {
    inFlight += 1
    const next = running
      .catch(() => {})
      .then(async () => {
        const startedAt = Date.now()
        try {
          if ((await deps.db.transaction().execute(refreshTrendingRanks)) === null) return false
          await vacuumTrendingRanks(deps.db)
          return true
        } finally {
          lastEnd = Date.now()
          lastDuration = lastEnd - startedAt
        }
      })
      .finally(() => {
        inFlight -= 1
      })
    running = next
    return next
  }
  const round = () => {
    // A round that finds the last one still running skips: refreshes never queue up.
    if (stopped || inFlight > 0) return
    if (Date.now() - lastEnd < lastDuration / MAX_BUSY_SHARE - lastDuration) return
    run().catch((error: unknown) =>
      deps.log.warn({ err: error }, 'refreshing trending scores failed; retrying next round'),
    )
  }
  const timer = setInterval(round, everyMs)
  // A pending round must not keep a finished process (or a test run) alive.
  timer.unref()
  round()
  return {
    refresh: run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running.catch(() => {})
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The trending scores' refresher (see {@link TrendingRanks}). */
    trendingRanks: TrendingRanks
  }
}
