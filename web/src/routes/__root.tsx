import { createRootRouteWithContext } from '@tanstack/react-router'
import { ErrorPage } from '../components/layout/error-page'
import { NotFoundPage } from '../components/layout/not-found-page'
import { RootLayout } from '../components/layout/root-layout'
import type { RouterContext } from '../router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})
