/*
 * The pure rules behind drawing an advertisement (docs/product-rules.md#ads), kept apart from the
 * component so each one is tested on its own. How ads are fetched and retried is the ads feature's
 * (features/ads/request-rules.ts).
 */

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

/** The pages a house ad asks its reader to apply on: for guests and members, never contributors. */
const APPLY_PATHS = ['/contribute', '/application']

/**
 * The ads a slot shows its reader (docs/product-rules.md#ads): every advertiser's ad, and at most one
 * house ad, the first the reader can use; "Become a contributor" is not for contributors and
 * moderators. `role` is null for a guest.
 */
export function adsForReader<A extends { url: string; sitePath?: string | undefined }>(
  ads: readonly A[],
  role: string | null,
  origin: string,
): A[] {
  const applied = role === 'contributor' || role === 'moderator'
  let houseAdShown = false
  return ads.filter((ad) => {
    const path = adSitePath(ad, origin)
    if (path === null) return true
    if (houseAdShown) return false
    if (applied && APPLY_PATHS.some((apply) => path === apply || path.startsWith(`${apply}?`))) return false
    houseAdShown = true
    return true
  })
}
