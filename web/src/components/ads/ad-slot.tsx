import type { Ad, AdPage, AdSlotName } from '@bashboard/server/contract'
import { useRouter } from '@tanstack/react-router'
import { type MouseEvent, useState } from 'react'
import { cn } from '../../lib/cn'
import { usePageLocation } from '../../lib/page-location'
import { adClickTarget, adImageSource, adSitePath, adsForReader } from './ad-rules'
import { useAdSource } from './ad-source'

export type { AdPage, AdSlotName }

/** The seed's fallback text of an empty advertisement slot (docs/product-rules.md#ads). */
export const AD_FALLBACK_TEXT = '[Advertisement Space - 728x90]'

export interface AdSlotProps {
  page: AdPage
  slot: AdSlotName
  /** A banner is at most 728×90; a box fills its column (up to 300 px wide). */
  variant?: 'banner' | 'box'
  className?: string
}

const placeholderClasses =
  'flex w-full items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-2/60 px-3 py-4 text-center font-mono text-xs text-muted'

function placeholderSize(variant: 'banner' | 'box'): string {
  return variant === 'banner'
    ? 'mx-auto max-h-[90px] min-h-20 max-w-[728px]'
    : 'mx-auto min-h-40 max-w-[300px]'
}

/** The loading line: banners and boxes word it differently in the seed (docs/product-rules.md#ads). */
export function adLoadingText(variant: 'banner' | 'box', retry: number, maxRetries: number): string {
  if (variant === 'banner') {
    return retry > 0 ? `Loading advertisement... (retry ${retry}/${maxRetries})` : 'Loading advertisement...'
  }
  return retry > 0 ? `Retrying... (${retry}/${maxRetries})` : 'Loading ad...'
}

/** One ad: its image, linked when the click rule allows, or the fallback text when the image fails. */
function AdCreative({
  ad,
  page,
  onClick,
}: {
  ad: Ad
  page: AdPage
  onClick: (adId: string, page: AdPage) => void
}) {
  const location = usePageLocation()
  const source = adImageSource(ad.adImage)
  const [failed, setFailed] = useState(source === null)
  const target = adClickTarget(ad.url)
  const sitePath = adSitePath(ad, location.origin)
  // Absent only when a slot is drawn outside the app's router (its own tests): the link then loads the page.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  const banner = ad.size === 'banner'
  const label = ad.title.trim() || 'Advertisement'

  if (failed || source === null) {
    return (
      <p data-testid="ad-fallback" className={cn(placeholderClasses, placeholderSize(ad.size))}>
        {AD_FALLBACK_TEXT}
      </p>
    )
  }

  const image = (
    <img
      src={source}
      alt={label}
      // The slot's size, so the box is reserved before the image arrives (CSS still scales it down).
      width={banner ? 728 : 300}
      height={banner ? 90 : 250}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn(
        'block h-auto w-full rounded-lg border border-line',
        banner ? 'max-h-[90px] max-w-[728px] object-contain' : 'aspect-[300/250] max-w-[300px] object-cover',
      )}
    />
  )
  const frame = cn('mx-auto block w-full', banner ? 'max-w-[728px]' : 'max-w-[300px]')

  const linkClasses = cn(
    frame,
    'rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
  )

  if (sitePath !== null) {
    // A house ad is a page of this site: same tab, through the router (the path comes from the ad's
    // data, so the typed <Link> can't name it). Modified clicks keep the browser's own behaviour.
    const follow = (event: MouseEvent<HTMLAnchorElement>): void => {
      onClick(ad._id, page)
      if (!router || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return
      event.preventDefault()
      void router.navigate({ href: sitePath })
    }
    return (
      <a href={sitePath} onClick={follow} className={linkClasses}>
        {image}
        <span className="sr-only"> (from Bashboard)</span>
      </a>
    )
  }

  if (target === null) return <div className={frame}>{image}</div>
  return (
    <a
      href={target}
      target="_blank"
      // noopener: the advertiser's page gets no handle on this tab; sponsored: search engines skip it.
      rel="noopener sponsored"
      onClick={() => onClick(ad._id, page)}
      className={linkClasses}
    >
      {image}
      <span className="sr-only"> (advertisement, opens in a new tab)</span>
    </a>
  )
}

/**
 * An advertisement slot: the ads of one slot group of a page, from the app's ad source (./ad-source.tsx),
 * as its reader gets them (`adsForReader`: one house ad, the first they can use).
 * While loading it shows the seed's loading text with the retry counter; with no ad, or when loading
 * failed, the seed's fallback text.
 */
export function AdSlot({ page, slot, variant = 'banner', className }: AdSlotProps) {
  const source = useAdSource()
  const { pending, failureCount, ads: pageAds, readerRole = null } = source.usePageAds(page)
  const location = usePageLocation()

  if (pending) {
    return (
      <aside aria-label="Advertisement" aria-busy="true" data-ad-slot={slot} className={className}>
        <p role="status" className={cn(placeholderClasses, placeholderSize(variant), 'animate-pulse')}>
          {adLoadingText(variant, failureCount, source.maxRetries)}
        </p>
      </aside>
    )
  }

  const ads = adsForReader(pageAds?.[slot] ?? [], readerRole, location.origin)
  return (
    <aside aria-label="Advertisement" data-ad-slot={slot} className={className}>
      {ads.length === 0 ? (
        <p data-testid="ad-fallback" className={cn(placeholderClasses, placeholderSize(variant))}>
          {AD_FALLBACK_TEXT}
        </p>
      ) : (
        <div className="flex w-full flex-col items-center gap-3">
          {ads.map((ad) => (
            <AdCreative key={ad._id} ad={ad} page={page} onClick={source.trackClick} />
          ))}
        </div>
      )}
    </aside>
  )
}
