import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider as JotaiProvider } from 'jotai'
import type { ReactNode } from 'react'
import { AdSourceProvider } from '../components/ads/ad-source'
import { adSource } from '../features/ads/ad-source'
import { nextTask } from '../lib/hydration'
import type { LiveDispatcher } from '../live/dispatcher'
import { LiveProvider } from '../live/live-provider'
import type { SocketFactory } from '../live/socket-client'
import type { AppStore } from '../state/store'

/**
 * The features' live handlers (./live-registry.ts) import every live feature's cache code, which the first
 * paint does not need: they load in their own chunk with the socket's code, once the live provider has
 * mounted (in a task of their own, lib/hydration.tsx nextTask); the socket opens when both have come.
 */
function loadLiveDispatcher(): Promise<LiveDispatcher> {
  return nextTask()
    .then(() => import('./live-registry'))
    .then((registry) => registry.liveDispatcher)
}

export interface AppProvidersProps {
  queryClient: QueryClient
  store: AppStore
  /** Tests hand in a fake WebSocket. */
  createSocket?: SocketFactory
  children: ReactNode
}

/**
 * What every page runs inside: session and UI state, server data, the live socket fed by every feature's
 * handlers, and the ads feature's source for the ad slots any page may place.
 */
export function AppProviders({ queryClient, store, createSocket, children }: AppProvidersProps) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider dispatcher={loadLiveDispatcher} {...(createSocket ? { createSocket } : {})}>
          <AdSourceProvider value={adSource}>{children}</AdSourceProvider>
        </LiveProvider>
      </QueryClientProvider>
    </JotaiProvider>
  )
}
