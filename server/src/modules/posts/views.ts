import { setImmediate } from 'node:timers/promises'
import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { startBatch } from '../../lib/batch.ts'
import type { LiveLogger } from '../../live/bus.ts'
import type { LiveHub } from '../../live/hub.ts'
import { countViews, type PendingView } from './repo.ts'

/** Views wait at most this long before they are written (and pushed as `post.views`). */
export const VIEW_FLUSH_MS = 1000
/** A batch this large is written at once rather than at the end of the window. */
export const VIEW_FLUSH_MAX = 250
/** `post.views` events published per turn of the event loop. */
const PUBLISH_CHUNK = 100

/**
 * Counts post views in batches. A view is the one write a read of a post page causes; written per
 * request, it made every new visitor's page view a transaction (a posts row update with its index
 * entries and a WAL flush). Batched, a second of views costs one statement, and each post's new count
 * is announced once per batch (`views.counted`), however many visitors came.
 *
 * A view is recorded in memory and written within {@link VIEW_FLUSH_MS}; a crash loses at most that
 * second of views (the app flushes on close). The once-per-visitor-per-hour rule is kept by the
 * database, as before.
 */
export interface ViewCounter {
  /** Notes a visit; never throws and never waits. */
  record(postId: string, viewerKey: string): void
  /** Writes what is pending now and announces the new counts (tests, shutdown). */
  flush(): Promise<void>
  /** Writes what is pending and stops. */
  close(): Promise<void>
}

/** A view counter over `db` that raises `views.counted` after each batch it writes. */
export function createViewCounter(
  deps: { db: Kysely<Database>; events: DomainEvents; log: LiveLogger },
  options: { flushMs?: number; maxPending?: number } = {},
): ViewCounter {
  const maxPending = options.maxPending ?? VIEW_FLUSH_MAX
  // Keyed by post and visitor: a visitor reloading a page within the window is one visit.
  let pending = new Map<string, PendingView>()

  // One batch at a time, so a post's counts are announced in order.
  const batch = startBatch({
    delayMs: options.flushMs ?? VIEW_FLUSH_MS,
    runOnClose: true,
    async run() {
      const views = [...pending.values()]
      pending = new Map()
      if (views.length === 0) return
      try {
        const grown = await countViews(deps.db, views)
        await deps.events.emit('views.counted', {
          posts: grown.map((row) => ({ postId: row.id, viewCount: row.view_count })),
        })
      } catch (error) {
        // Views are a best-effort count: a batch the database refused is dropped, not retried forever.
        deps.log.warn({ err: error, views: views.length }, 'post views dropped')
      }
    },
    onError: (error) => deps.log.warn({ err: error }, 'post views batch failed'),
  })

  return {
    record(postId, viewerKey) {
      pending.set(`${postId}\n${viewerKey}`, { postId, viewerKey })
      if (pending.size >= maxPending) void batch.flush()
      else batch.poke()
    },
    flush: batch.flush,
    close: batch.close,
  }
}

/**
 * Publishes each post's new view count as `post.views` on its topic. A busy second grows thousands
 * of posts: publishing them all in one go would hold the event loop (and every request waiting on
 * it) for tens of milliseconds, so they go out a chunk per turn.
 */
export async function publishViewCounts(
  live: LiveHub,
  posts: ReadonlyArray<{ postId: string; viewCount: number }>,
): Promise<void> {
  for (let start = 0; start < posts.length; start += PUBLISH_CHUNK) {
    if (start > 0) await setImmediate()
    await Promise.all(
      posts
        .slice(start, start + PUBLISH_CHUNK)
        .map(({ postId, viewCount }) => live.publish(`post:${postId}`, 'post.views', { postId, viewCount })),
    )
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Batched view counting for post pages (see {@link ViewCounter}). */
    viewCounter: ViewCounter
  }
}
