import type { SearchResponse } from '../../contract/posts.ts'
import type { BrowseResponse, WebsiteResponse } from '../../contract/website.ts'
import { createReadCache, type ReadCache } from '../../lib/read-cache.ts'
import type { LiveHub } from '../../live/hub.ts'

/**
 * The public halves of the home, browse and search responses, shared by every visitor. What belongs
 * to one caller (their votes on the listed posts) is added per request and never cached.
 */
export interface WebsiteCaches {
  home: ReadCache<Omit<WebsiteResponse, 'myReactedPosts'>>
  browse: ReadCache<Omit<BrowseResponse, 'myReactedPosts'>>
  search: ReadCache<SearchResponse>
  /** Stops watching the live channel (app shutdown). */
  close(): void
}

/**
 * How long a cached page counts as fresh, and how long after that it may be served while it is
 * refreshed. Changes to posts, votes and comments drop the caches through live events at once, on
 * every instance; these times only bound what no event announces (the clock moving posts out of
 * "today", the trending window or the week, a renamed author, the platform stats, which the page
 * gets live from its `liveIds.stats` anyway).
 */
export const PAGE_CACHE_FRESH_MS = 2000
export const PAGE_CACHE_STALE_MS = 8000
/** Keys kept per cache: browse pages and popular searches beyond this are recomputed. */
export const PAGE_CACHE_MAX_ENTRIES = 500

/**
 * Whether an event changes what a cached list shows. View counts are the exception: a post read by
 * many visitors would otherwise empty the caches on every read; the counts on a list may trail by a
 * few seconds, and a post's own page always shows its live count.
 */
function changesLists(topic: string, event: string | null): boolean {
  if (topic === 'posts') return true
  return topic.startsWith('post:') && event !== 'post.views'
}

/** Creates the caches and invalidates them on every event (from any instance) that changes posts. */
export function createWebsiteCaches(live: LiveHub): WebsiteCaches {
  const options = {
    freshMs: PAGE_CACHE_FRESH_MS,
    staleMs: PAGE_CACHE_STALE_MS,
    maxEntries: PAGE_CACHE_MAX_ENTRIES,
  }
  const caches = {
    home: createReadCache<Omit<WebsiteResponse, 'myReactedPosts'>>(options),
    browse: createReadCache<Omit<BrowseResponse, 'myReactedPosts'>>(options),
    search: createReadCache<SearchResponse>(options),
  }
  const invalidateAll = () => {
    caches.home.invalidate()
    caches.browse.invalidate()
    caches.search.invalidate()
  }
  const stopWatching = live.watch({
    event(topic, event) {
      if (changesLists(topic, event)) invalidateAll()
    },
    // Events may have been missed while the bus was away.
    resumed: invalidateAll,
  })
  return { ...caches, close: stopWatching }
}

/**
 * The cache key of a search: case and spacing do not change what full text and trigram similarity
 * match (both lower-case), so `Docker  Logs` and `docker logs` share one entry.
 */
export function searchKey(search: string, page: number, limit: number): string {
  return `${search.toLowerCase().replace(/\s+/g, ' ')}\n${page}\n${limit}`
}
