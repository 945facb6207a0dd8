import type { AdPage } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { AD_CACHE_MS, adRetryDelay, shouldRetryAdRequest } from './request-rules'

/*
 * The visitors' side of ads: what the slots of a page show and the click reports. Apart from ./api.ts (the
 * moderators' desk and its mutations) because the home route's loader, in the entry chunk, prefetches it.
 */

/** Query keys of the ads a page shows. */
export const adKeys = {
  all: ['ads'] as const,
  page: (page: AdPage) => [...adKeys.all, page] as const,
}

/**
 * The ads of one page (GET /api/ads/{page}), shared by every slot of the page and kept 5 minutes.
 * Up to 2 retries (1 s, then 2 s); a request that still fails leaves the query in error, which the
 * slots show as "no ads" (docs/product-rules.md#ads: a failure gives an empty result).
 */
export function adsQueryOptions(page: AdPage) {
  return queryOptions({
    queryKey: adKeys.page(page),
    // The request code loads on first use: the entry chunk, which this file is in, stays small.
    queryFn: async ({ signal }) => (await import('./ad-requests')).fetchAds(page, signal),
    staleTime: AD_CACHE_MS,
    gcTime: AD_CACHE_MS,
    retry: shouldRetryAdRequest,
    retryDelay: adRetryDelay,
    refetchOnWindowFocus: false,
  })
}

/** Reports a click (POST /api/ads/track-click), loading the request code first. */
export function trackAdClick(adId: string, page: AdPage): void {
  void import('./ad-requests').then((requests) => requests.reportAdClick(adId, page))
}
