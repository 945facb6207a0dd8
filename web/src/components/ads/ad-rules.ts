/*
 * The pure rules behind an advertisement slot (docs/product-rules.md#ads), kept
 * apart from the component so each one is tested on its own.
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

/**
 * The address an ad opens, or null when it must not be clickable (docs/product-rules.md#ad-clicks): '#' or
 * empty is not clickable; without an http or https scheme, https:// is prepended; anything that then
 * is not a valid http(s) URL (a `javascript:` trick included) is not opened.
 */
export function adClickTarget(url: string | null | undefined): string | null {
  const value = (url ?? '').trim()
  if (value === '' || value === '#') return null
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`
  try {
    const parsed = new URL(withScheme)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
    // "https://" followed by nothing usable parses with an empty or dot-only host on some inputs.
    if (parsed.hostname === '' || /^\.+$/.test(parsed.hostname)) return null
    return parsed.href
  } catch {
    return null
  }
}

/**
 * The path on this site a house ad leads to, or null for an advertiser's ad. The server names it
 * (`sitePath`); an absolute link on the visitor's own origin counts too. A house ad opens in the same
 * tab, as any link between two pages of the site does.
 */
export function adSitePath(
  ad: { url: string; sitePath?: string | undefined },
  origin: string,
): string | null {
  const path = ad.sitePath?.trim() ?? ''
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')) return path
  const target = adClickTarget(ad.url)
  if (target === null) return null
  const parsed = new URL(target)
  return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null
}

/**
 * An ad image address safe to put in `<img src>`: a same-origin path or an http(s) URL. Anything else
 * (a `data:` or `javascript:` value, an empty string) counts as a broken image.
 */
export function adImageSource(src: string | null | undefined): string | null {
  const value = (src ?? '').trim()
  if (value.startsWith('/') && !value.startsWith('//')) return value
  return /^https?:\/\/[^\s]+$/i.test(value) ? value : null
}
