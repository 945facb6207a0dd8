import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Provider as JotaiProvider } from 'jotai'
import { LiveProvider } from './live/live-provider'
import type { SocketFactory } from './live/socket-client'
import type { createAppRouter } from './router'
import type { AppStore } from './state/store'

export interface AppProps {
  router: ReturnType<typeof createAppRouter>
  queryClient: QueryClient
  store: AppStore
  /** Tests hand in a fake WebSocket. */
  createSocket?: SocketFactory
}

/** The whole client: session and UI state, server data, the live socket and the routes. */
export function App({ router, queryClient, store, createSocket }: AppProps) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <LiveProvider {...(createSocket ? { createSocket } : {})}>
          <RouterProvider router={router} />
        </LiveProvider>
      </QueryClientProvider>
    </JotaiProvider>
  )
}
