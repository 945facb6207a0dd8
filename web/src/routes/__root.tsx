import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router'
import { RootLayout } from '../app/layout/root-layout'
import type { RouterContext } from '../router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Rare pages, loaded when needed: the root route is not code-split, so importing them here would put
  // them in every visitor's first download.
  notFoundComponent: lazyRouteComponent(() => import('../components/layout/not-found-page'), 'NotFoundPage'),
  errorComponent: lazyRouteComponent(() => import('../components/layout/error-page'), 'ErrorPage'),
})
