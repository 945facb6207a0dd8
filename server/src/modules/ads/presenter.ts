import { AD_PAGES, type AD_SLOTS, type Ad, type AdPage, type AdSize, type ModAd } from '../../contract/ads.ts'
import { contentImageUrl } from '../content-images/images.ts'
import type { AdRow } from './repo.ts'

/** Rows may carry older box names ('square', …): anything but a banner is shown as a box. */
export function adSize(size: string): AdSize {
  return size === 'banner' ? 'banner' : 'box'
}

/** Whether a path segment names a page that shows ads. */
export function isAdPage(page: string): page is AdPage {
  return (AD_PAGES as readonly string[]).includes(page)
}

/**
 * The link a page gets: a site-relative path (house ads, e.g. `/blog`) becomes an absolute URL on this
 * site, because clients prepend https:// to anything without a scheme (docs/product-rules.md#ad-clicks).
 */
export function adLink(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url
}

/** Whether a stored ad link is a page of this site (a house ad) rather than an advertiser's address. */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//')
}

/** An ad as a page shows it. */
export function toAd(row: AdRow, origin: string): Ad {
  return {
    _id: row.id,
    url: adLink(row.url, origin),
    adImage: contentImageUrl('ads', row.ad_image) ?? '',
    size: adSize(row.size),
    title: row.title,
    ...(isSitePath(row.url) ? { sitePath: row.url } : {}),
  }
}

/** A page's ads grouped by slot (every slot present, possibly empty). */
export function toAdsResponse(
  rows: readonly AdRow[],
  origin: string,
): Record<(typeof AD_SLOTS)[number], Ad[]> {
  const groups = { ads1: [] as Ad[], ads2: [] as Ad[], ads3: [] as Ad[], ads4: [] as Ad[] }
  for (const row of rows) groups[row.slot].push(toAd(row, origin))
  return groups
}

/** An ad as the moderation console shows it. */
export function toModAd(row: AdRow): ModAd {
  return {
    _id: row.id,
    title: row.title,
    page: row.page,
    slot: row.slot,
    size: adSize(row.size),
    url: row.url,
    adImage: contentImageUrl('ads', row.ad_image) ?? '',
    imageName: row.ad_image,
    active: row.active,
    startsAt: row.starts_at ? row.starts_at.toISOString() : null,
    endsAt: row.ends_at ? row.ends_at.toISOString() : null,
    showing: row.showing,
    clickCount: row.click_count,
    createdAt: row.created_at.toISOString(),
  }
}
