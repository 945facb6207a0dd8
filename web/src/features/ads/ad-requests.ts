import type { AdPage, AdsResponse, TrackClickResponse } from '@bashboard/server/contract'
import { apiFetch } from '../../lib/api-client'
import { AD_REQUEST_TIMEOUT_MS, AdTimeoutError } from './request-rules'

// The requests of ./queries.ts, loaded when a page first asks for ads.

/**
 * Fetches a page's ads, abandoning the request after 10 s. React Query's own signal still cancels it
 * (the slot left the screen); only the timer's abort becomes an {@link AdTimeoutError}.
 */
export async function fetchAds(page: AdPage, signal: AbortSignal): Promise<AdsResponse> {
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

/** Reports a click (POST /api/ads/track-click). Failures are ignored: the visitor's click still opens. */
export function reportAdClick(adId: string, page: AdPage): void {
  apiFetch<TrackClickResponse>('/api/ads/track-click', {
    method: 'POST',
    body: { adId, pageName: page, timestamp: new Date().toISOString() },
  }).catch(() => undefined)
}
