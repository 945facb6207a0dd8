import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import type { SocketFactory } from '../live/socket-client'
import type { createAppRouter } from '../router'
import type { AppStore } from '../state/store'
import { AppProviders } from './providers'

export interface AppProps {
  router: ReturnType<typeof createAppRouter>
  queryClient: QueryClient
  store: AppStore
  /** Tests hand in a fake WebSocket. */
  createSocket?: SocketFactory
}

/** The whole client: the app's providers (app/providers.tsx) around the routes. */
export function App({ router, queryClient, store, createSocket }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} store={store} {...(createSocket ? { createSocket } : {})}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
