import type { AdPage } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import type { AdSource, PageAds } from '../../components/ads/ad-source'
import { adsQueryOptions, trackAdClick } from './queries'
import { AD_MAX_RETRIES } from './request-rules'

/** The ads of one page through React Query: one request per page, shared by its slots and cached. */
function usePageAds(page: AdPage): PageAds {
  const query = useQuery(adsQueryOptions(page))
  return { pending: query.isPending, failureCount: query.failureCount, ads: query.data }
}

/** What every ad slot of the app shows: the visitors' ads API (./queries.ts), given to the slots by app/. */
export const adSource: AdSource = {
  usePageAds,
  maxRetries: AD_MAX_RETRIES,
  trackClick: trackAdClick,
}
