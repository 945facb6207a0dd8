import { setImmediate } from 'node:timers/promises'
import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
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
 * is pushed once per batch, however many visitors came.
 *
 * A view is recorded in memory and written within {@link VIEW_FLUSH_MS}; a crash loses at most that
 * second of views (the app flushes on close). The once-per-visitor-per-hour rule is kept by the
 * database, as before.
 */
export interface ViewCounter {
  /** Notes a visit; never throws and never waits. */
  record(postId: string, viewerKey: string): void
  /** Writes what is pending now and publishes the new counts (tests, shutdown). */
  flush(): Promise<void>
  /** Writes what is pending and stops. */
  close(): Promise<void>
}

/** A view counter over `db` that publishes `post.views` on the live hub. */
export function createViewCounter(
  deps: { db: Kysely<Database>; live: LiveHub },
  options: { flushMs?: number; maxPending?: number } = {},
): ViewCounter {
  const flushMs = options.flushMs ?? VIEW_FLUSH_MS
  const maxPending = options.maxPending ?? VIEW_FLUSH_MAX
  // Keyed by post and visitor: a visitor reloading a page within the window is one visit.
  let pending = new Map<string, PendingView>()
  let timer: NodeJS.Timeout | undefined
  // Batches are written one after another, so a post's counts are published in order.
  let writing: Promise<void> = Promise.resolve()

  async function write(batch: PendingView[]): Promise<void> {
    try {
      const grown = await countViews(deps.db, batch)
      for (let start = 0; start < grown.length; start += PUBLISH_CHUNK) {
        // A busy second grows thousands of posts: publishing them all in one go would hold the event
        // loop (and every request waiting on it) for tens of milliseconds.
        if (start > 0) await setImmediate()
        await Promise.all(
          grown.slice(start, start + PUBLISH_CHUNK).map((row) =>
            deps.live.publish(`post:${row.id}`, 'post.views', {
              postId: row.id,
              viewCount: row.view_count,
            }),
          ),
        )
      }
    } catch (error) {
      // Views are a best-effort count: a batch the database refused is dropped, not retried forever.
      deps.live.log.warn({ err: error, views: batch.length }, 'post views dropped')
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    const batch = [...pending.values()]
    pending = new Map()
    if (batch.length > 0) writing = writing.then(() => write(batch))
    return writing
  }

  return {
    record(postId, viewerKey) {
      pending.set(`${postId}\n${viewerKey}`, { postId, viewerKey })
      if (pending.size >= maxPending) {
        void flush()
        return
      }
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs)
        timer.unref()
      }
    },
    flush,
    close: flush,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Batched view counting for post pages (see {@link ViewCounter}). */
    viewCounter: ViewCounter
  }
}
