/*
 * How the visitors' ads are asked for (docs/product-rules.md#ads): a time limit, a few retries and a
 * cache, kept apart from the query so each rule is tested on its own.
 */

/** How long one `GET /api/ads/{page}` may take before it is abandoned. */
export const AD_REQUEST_TIMEOUT_MS = 10_000
/** Retries after a failed ad request (2, after 1 s then 2 s). */
export const AD_MAX_RETRIES = 2
/** How long a page's ads are reused before they are asked for again (5 minutes). */
export const AD_CACHE_MS = 5 * 60_000

/** The delay before retry number `attempt + 1`: 2^attempt seconds, so 1 s then 2 s. */
export function adRetryDelay(attempt: number): number {
  return 1000 * 2 ** attempt
}

/** The request ran past {@link AD_REQUEST_TIMEOUT_MS}. */
export class AdTimeoutError extends Error {
  constructor() {
    super('The advertisement request timed out')
    this.name = 'AdTimeoutError'
  }
}

/**
 * Whether a failed ad request is worth another try. A timeout, a network failure (status 0), 408,
 * 429 and 5xx may pass; any other 4xx (such as 404 for a page without ads) answers the same again.
 */
export function isRetryableAdError(error: unknown): boolean {
  if (error instanceof AdTimeoutError) return true
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown }
    if (typeof status === 'number') return status === 0 || status === 408 || status === 429 || status >= 500
  }
  return true
}

/** React Query's `retry` for ads: at most {@link AD_MAX_RETRIES}, only for retryable failures. */
export function shouldRetryAdRequest(failureCount: number, error: unknown): boolean {
  return failureCount < AD_MAX_RETRIES && isRetryableAdError(error)
}
