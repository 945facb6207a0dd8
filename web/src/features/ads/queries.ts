import type { AdPage, AdsResponse, TrackClickResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import {
  AD_CACHE_MS,
  AD_REQUEST_TIMEOUT_MS,
  AdTimeoutError,
  adRetryDelay,
  shouldRetryAdRequest,
} from './request-rules'

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
 * Fetches a page's ads, abandoning the request after 10 s. React Query's own signal still cancels it
 * (the slot left the screen); only the timer's abort becomes an {@link AdTimeoutError}.
 */
async function fetchAds(page: AdPage, signal: AbortSignal): Promise<AdsResponse> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, AD_REQUEST_TIMEOUT_MS)
  const forwardAbort = (): void => controller.abort()
  signal.addEventListener('abort', forwardAbort)
  try {
    return await apiFetch<AdsResponse>(`/api/ads/${encodeURIComponent(page)}`, {
      signal: controller.signal,
    })
  } catch (error) {
    if (timedOut) throw new AdTimeoutError()
    throw error
  } finally {
    clearTimeout(timer)
    signal.removeEventListener('abort', forwardAbort)
  }
}

/**
 * The ads of one page (GET /api/ads/{page}), shared by every slot of the page and kept 5 minutes.
 * Up to 2 retries (1 s, then 2 s); a request that still fails leaves the query in error, which the
 * slots show as "no ads" (docs/product-rules.md#ads: a failure gives an empty result).
 */
export function adsQueryOptions(page: AdPage) {
  return queryOptions({
    queryKey: adKeys.page(page),
    queryFn: ({ signal }) => fetchAds(page, signal),
    staleTime: AD_CACHE_MS,
    gcTime: AD_CACHE_MS,
    retry: shouldRetryAdRequest,
    retryDelay: adRetryDelay,
    refetchOnWindowFocus: false,
  })
}

/** Reports a click (POST /api/ads/track-click). Failures are ignored: the visitor's click still opens. */
export function trackAdClick(adId: string, page: AdPage): void {
  apiFetch<TrackClickResponse>('/api/ads/track-click', {
    method: 'POST',
    body: { adId, pageName: page, timestamp: new Date().toISOString() },
  }).catch(() => undefined)
}
