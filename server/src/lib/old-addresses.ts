/**
 * Old addresses (docs/product-rules.md#posts): a post's earlier slug answers a permanent redirect to its current page,
 * for browsers (infra/web-app.ts, from the page head) and terminals (modules/terminal) alike.
 */

/** The status of an old address. */
export const MOVED_STATUS = 301

/**
 * A browser keeps a 301 sent without caching headers for good; a post renamed back to its old title
 * would then bounce between its two addresses. `no-cache` makes it ask again each time (a small request).
 */
export const MOVED_CACHE_CONTROL = 'no-cache'

/** Where an old address sends its visitor: `path`, with the query of the request's URL kept. */
export function movedLocation(path: string, requestUrl: string): string {
  const query = requestUrl.indexOf('?')
  return query === -1 ? path : `${path}${requestUrl.slice(query)}`
}

/** A post's own page path, its slug escaped. */
export function postPath(slug: string): string {
  return `/post/${encodeURIComponent(slug)}`
}
