import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PlatformStats } from '../../contract/stats.ts'
import { startBatch } from '../../lib/batch.ts'
import { startOfUtcDay } from '../../lib/time.ts'
import type { LiveHub } from '../../live/hub.ts'
import { parseUtcTimestamp } from './json-dates-repo.ts'
import { findPlatformStats, type PlatformStatsRow } from './repo.ts'

/** How many of today's posts the stats list. */
export const TODAYS_POSTS_LIMIT = 10
/** Bursts of changes within this window share one stats computation (per instance). */
export const STATS_COALESCE_MS = 250
/** At most this many of today's active users are remembered (a few hundred KB); past it countActive() recounts. */
const ACTED_MEMORY_LIMIT = 50_000

/**
 * Computes the platform stats now, in one statement. "Today" starts at UTC midnight by the database's
 * clock, the one the activity counters are dated by.
 */
export async function getPlatformStats(db: Kysely<Database>): Promise<PlatformStats> {
  return toPlatformStats(await findPlatformStats(db, TODAYS_POSTS_LIMIT))
}

/** The stats as the API sends them, from the row of the stats' columns (repo.ts platformStatsColumns). */
export function toPlatformStats(row: PlatformStatsRow): PlatformStats {
  return {
    totalPosts: Number(row.total_posts),
    totalUsers: Number(row.total_users),
    totalCategories: Number(row.total_categories),
    todaysPosts: row.todays_posts.map((post) => ({
      _id: post.id,
      title: post.title,
      slug: post.slug,
      createdAt: parseUtcTimestamp(post.created_at).toISOString(),
    })),
    activeToday: Number(row.active_today),
  }
}

/** Announces platform-stats changes on the live `stats` topic. */
export interface StatsBroadcaster {
  /**
   * Call after a change to the counted rows has committed (a signup, a post, a deletion). A
   * burst of calls within {@link STATS_COALESCE_MS} costs one computation and one `stats.updated`
   * event, sent at the end of the window. Never throws and never delays the caller.
   */
  recount(): void
  /**
   * Call after a user's vote or comment has committed. Only the active-today count can change, and
   * only with the user's first activity of the UTC day: later ones (most votes) cost nothing. Who
   * acted is remembered per instance until the day ends or {@link recount} runs (a deletion may
   * have made someone inactive again).
   */
  countActive(userId: string): void
  /** Drops a pending broadcast and waits for one in progress (app shutdown). */
  close(): Promise<void>
}

/**
 * A broadcaster over `db` and the live hub, told by the reactions to committed writes (reactions.ts).
 * A burst of them shares one computation and one event at the end of the window, so no write waits
 * for the stats and a burst never sends one identical event per request.
 */
export function createStatsBroadcaster(
  deps: { db: Kysely<Database>; live: LiveHub },
  windowMs = STATS_COALESCE_MS,
): StatsBroadcaster {
  const broadcast = startBatch({
    delayMs: windowMs,
    async run() {
      const stats = await getPlatformStats(deps.db)
      await deps.live.publish('stats', 'stats.updated', stats)
    },
    onError: (error) =>
      deps.live.log.warn({ err: error }, 'stats broadcast failed; clients refetch on their next load'),
  })
  // Users already counted active today by a computation that starts after their activity.
  let counted = new Set<string>()
  let countedDay = startOfUtcDay().getTime()
  const recount = broadcast.poke
  return {
    recount() {
      counted = new Set()
      recount()
    },
    countActive(userId) {
      const day = startOfUtcDay().getTime()
      if (day !== countedDay) {
        counted = new Set()
        countedDay = day
      }
      if (counted.has(userId)) return
      recount()
      if (counted.size < ACTED_MEMORY_LIMIT) counted.add(userId)
    },
    close: broadcast.close,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tell it when platform stats may have changed (see {@link StatsBroadcaster}). */
    statsBroadcaster: StatsBroadcaster
  }
}
