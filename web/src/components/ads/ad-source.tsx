import type { AdPage, AdsResponse } from '@bashboard/server/contract'
import { createContext, useContext } from 'react'

/** What the slots of a page know of its ads at one moment. */
export interface PageAds {
  /** No answer yet, retries included. */
  pending: boolean
  /** Failed attempts so far, counted in the loading text while the request is retried. */
  failureCount: number
  /** The page's ads by slot group; undefined when loading failed, which the slots draw as no ads. */
  ads: AdsResponse | undefined
  /** The reader's role, which picks the house ad a slot shows; null or absent for a guest. */
  readerRole?: string | null
}

/**
 * Where ad slots get their ads. Drawing an ad is a design-system piece any page may place; fetching,
 * retrying and reporting clicks belong to the ads feature (features/ads/ad-source.ts), which the app
 * provides (app/providers.tsx), so the pages that show a slot need to know neither.
 */
export interface AdSource {
  /** A hook, called once per slot: the ads of `page`, shared by every slot of the page. */
  usePageAds: (page: AdPage) => PageAds
  /** How many times a failed request is retried, for the loading text's "retry n/max". */
  maxRetries: number
  /** Reports a click; the ad opens whatever becomes of the report. */
  trackClick: (adId: string, page: AdPage) => void
}

/** Without a provider (a feature's own component tests) nothing is fetched: each slot shows its fallback. */
const noAds: AdSource = {
  usePageAds: () => ({ pending: false, failureCount: 0, ads: undefined }),
  maxRetries: 0,
  trackClick: () => undefined,
}

const AdSourceContext = createContext<AdSource>(noAds)

/** Gives the slots below it their ads. */
export const AdSourceProvider = AdSourceContext.Provider

/** The ad source of the slots' tree. */
export function useAdSource(): AdSource {
  return useContext(AdSourceContext)
}
