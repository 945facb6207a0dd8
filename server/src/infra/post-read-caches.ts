import { createReadCache, type ReadCache, type ReadCacheOptions } from '../lib/read-cache.ts'
import type { LiveHub } from '../live/hub.ts'

/**
 * Read caches over data derived from posts (the home, browse and search pages, a post's page), all
 * dropped at once by any live event that changes what they show, from any instance. See
 * lib/read-cache.ts for the rules and modules/website/caches.ts, modules/posts/service.ts for users.
 */
export interface PostReadCaches {
  /** A new cache that every post change drops; limits default to the page limits below. */
  create<V>(limits?: Partial<Pick<ReadCacheOptions, 'freshMs' | 'staleMs' | 'maxEntries'>>): ReadCache<V>
  /** Stops watching the live channel (app shutdown). */
  close(): void
}

/**
 * How long a cached page counts as fresh, and how long after that it may be served while it is
 * refreshed. Changes to posts, votes and comments, and renamed authors (`author.updated` on `posts`),
 * drop the caches through live events at once, on every instance; these times only bound what no
 * event announces (the clock moving posts out of "today", the trending window or the week, the
 * platform stats, which the home page gets live from its `liveIds.stats` anyway).
 */
export const PAGE_CACHE_FRESH_MS = 2000
export const PAGE_CACHE_STALE_MS = 8000
/** Keys kept per cache: pages and popular searches beyond this are recomputed. */
export const PAGE_CACHE_MAX_ENTRIES = 500

/**
 * Whether an event changes what a cached page shows. View counts are the exception: a post read by
 * many visitors would otherwise empty the caches on every read; the view counts on a list may trail
 * by a few seconds, and a post's own page reads its counters fresh on every request.
 */
function changesPosts(topic: string, event: string | null): boolean {
  if (topic === 'posts') return true
  return topic.startsWith('post:') && event !== 'post.views'
}

/** Watches `live` and drops every cache created here on each event that changes posts. */
export function createPostReadCaches(live: LiveHub): PostReadCaches {
  const caches: Array<ReadCache<unknown>> = []
  const invalidateAll = () => {
    for (const cache of caches) cache.invalidate()
  }
  const stopWatching = live.watch({
    event(topic, event) {
      if (changesPosts(topic, event)) invalidateAll()
    },
    // Events may have been missed while the bus was away.
    resumed: invalidateAll,
  })
  return {
    create<V>(limits = {}) {
      const cache = createReadCache<V>({
        freshMs: PAGE_CACHE_FRESH_MS,
        staleMs: PAGE_CACHE_STALE_MS,
        maxEntries: PAGE_CACHE_MAX_ENTRIES,
        ...limits,
      })
      caches.push(cache as ReadCache<unknown>)
      return cache
    },
    close: stopWatching,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared post-derived read caches; null when PAGE_CACHE=false. */
    postReadCaches: PostReadCaches | null
  }
}
