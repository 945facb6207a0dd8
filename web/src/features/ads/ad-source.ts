import type { AdPage } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import type { AdSource, PageAds } from '../../components/ads/ad-source'
import { useCurrentUser } from '../../lib/use-current-user'
import { adsQueryOptions, trackAdClick } from './queries'
import { AD_MAX_RETRIES } from './request-rules'

/**
 * The ads of one page through React Query: one request per page, shared by its slots and cached; and
 * who reads them. A member's role picks the house ad, so the slots wait for it rather than show the
 * wrong one first.
 */
function usePageAds(page: AdPage): PageAds {
  const query = useQuery(adsQueryOptions(page))
  const reader = useCurrentUser()
  const readerPending = reader.signedIn && reader.user === null
  return {
    pending: query.isPending || readerPending,
    failureCount: query.failureCount,
    ads: query.data,
    readerRole: reader.user?.role ?? null,
  }
}

/** What every ad slot of the app shows: the visitors' ads API (./queries.ts), given to the slots by app/. */
export const adSource: AdSource = {
  usePageAds,
  maxRetries: AD_MAX_RETRIES,
  trackClick: trackAdClick,
}
