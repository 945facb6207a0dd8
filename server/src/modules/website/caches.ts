import type { SearchResponse } from '../../contract/posts.ts'
import type { BrowseResponse, WebsiteResponse } from '../../contract/website.ts'
import type { PostReadCaches } from '../../infra/post-read-caches.ts'
import type { ReadCache } from '../../lib/read-cache.ts'

/**
 * The public halves of the home, browse and search responses, shared by every visitor. What belongs
 * to one caller (their votes on the listed posts) is added per request and never cached.
 */
export interface WebsiteCaches {
  home: ReadCache<Omit<WebsiteResponse, 'myReactedPosts'>>
  browse: ReadCache<Omit<BrowseResponse, 'myReactedPosts'>>
  search: ReadCache<SearchResponse>
}

/** The website's caches, dropped with every other post-derived cache (infra/post-read-caches.ts). */
export function createWebsiteCaches(caches: PostReadCaches): WebsiteCaches {
  return { home: caches.create(), browse: caches.create(), search: caches.create() }
}

/**
 * The cache key of a search: case and spacing do not change what full text and trigram similarity
 * match (both lower-case), so `Docker  Logs` and `docker logs` share one entry.
 */
export function searchKey(search: string, page: number, limit: number): string {
  return `${search.toLowerCase().replace(/\s+/g, ' ')}\n${page}\n${limit}`
}
