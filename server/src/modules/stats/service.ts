import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PlatformStats } from '../../contract/stats.ts'
import { CoalescerClosedError, coalesce } from '../../lib/coalesce.ts'
import { startOfUtcDay } from '../../lib/time.ts'
import type { LiveHub } from '../../live/hub.ts'
import { countActiveUsersSince, countTotals, findPostsCreatedSince } from './repo.ts'

/** How many of today's posts the stats list. */
export const TODAYS_POSTS_LIMIT = 10
/** Bursts of changes within this window share one stats computation (per instance). */
export const STATS_COALESCE_MS = 250

/** Computes the platform stats now. "Today" starts at UTC midnight. */
export async function getPlatformStats(db: Kysely<Database>, now: Date = new Date()): Promise<PlatformStats> {
  const since = startOfUtcDay(now)
  const [totals, todays, activeToday] = await Promise.all([
    countTotals(db),
    findPostsCreatedSince(db, since, TODAYS_POSTS_LIMIT),
    countActiveUsersSince(db, since),
  ])
  return {
    totalPosts: totals.posts,
    totalUsers: totals.users,
    totalCategories: totals.categories,
    todaysPosts: todays.map((post) => ({
      _id: post.id,
      title: post.title,
      slug: post.slug,
      createdAt: post.created_at.toISOString(),
    })),
    activeToday,
  }
}

/** Announces platform-stats changes on the live `stats` topic. */
export interface StatsBroadcaster {
  /**
   * Call after a change to the counted rows has committed (a signup, a post, a comment, a vote). A
   * burst of calls within {@link STATS_COALESCE_MS} costs one computation and one `stats.updated`
   * event, sent at the end of the window. Never throws and never delays the caller.
   */
  changed(): void
  /** Drops a pending broadcast (app shutdown). */
  close(): void
}

/**
 * A broadcaster over `db` and the live hub. It is called after the transaction rather than through
 * the outbox: the outbox awaits its thunks before the request answers, which would add the whole
 * coalescing window to every signup and send one identical event per request of a burst.
 */
export function createStatsBroadcaster(
  deps: { db: Kysely<Database>; live: LiveHub },
  windowMs = STATS_COALESCE_MS,
): StatsBroadcaster {
  const broadcast = coalesce(async () => {
    const stats = await getPlatformStats(deps.db)
    await deps.live.publish('stats', 'stats.updated', stats)
  }, windowMs)
  return {
    changed() {
      broadcast.next().catch((error: unknown) => {
        // A closed broadcaster rejects its waiters on purpose; anything else is worth a line in the log.
        if (!(error instanceof CoalescerClosedError)) {
          deps.live.log.warn({ err: error }, 'stats broadcast failed; clients refetch on their next load')
        }
      })
    },
    close() {
      broadcast.close()
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tell it when platform stats may have changed (see {@link StatsBroadcaster}). */
    statsBroadcaster: StatsBroadcaster
  }
}
