import { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { Suspense } from 'react'
import { ApiError } from './lib/api-client'
import { preloadable } from './lib/preloadable'
import type { RouterContext } from './router-context'
import { routeTree } from './routeTree.gen'

// A route's pending state shows only after a second of loading (the router's pendingMs), so its spinner
// need not be in the entry chunk.
const loading = preloadable(() => import('./components/ui/spinner').then((module) => module.Loading))

function RoutePending() {
  return (
    <Suspense fallback={null}>
      <loading.Component label="Loading..." />
    </Suspense>
  )
}

/** React Query defaults: server data stays fresh briefly, and client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return failures < 2
        },
      },
    },
  })
}

export interface CreateAppRouterOptions extends RouterContext {
  /** Memory history in tests and the server's render; the browser's history otherwise. */
  history?: RouterHistory
  /**
   * False for the server's render, where the router would otherwise write its scroll restoration as an
   * inline script, which the content security policy blocks.
   */
  scrollRestoration?: boolean
}

/** The app's router: file routes, React Query in the context, intent preloading. */
export function createAppRouter({
  queryClient,
  store,
  history,
  scrollRestoration = true,
}: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient, store },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // React Query decides freshness; the router must not cache loader results on top of it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    scrollRestoration,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
