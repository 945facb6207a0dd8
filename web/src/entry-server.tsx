import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'
import { App } from './app/app'
import { ApiError, setApiTransport } from './lib/api-client'
import { profileHeaderQueryOptions } from './lib/current-user'
import { PageLocationContext } from './lib/page-location'
import { serverStateScript } from './lib/server-state'
import { createAppRouter, createQueryClient } from './router'
import { type Session, seedSession } from './state/session'
import { createAppStore } from './state/store'
import { storedPreferenceAtom, type ThemePreference } from './state/theme'

/*
 * The server's render of a public page for a guest or a member (server/src/infra/server-render.ts loads this bundle,
 * built by `vite build --ssr`). The browser paints this HTML before any JavaScript has run; the app then
 * starts on top of it (src/main.tsx) with the same data, so its first render draws the same page.
 */

export { setServerSanitizer } from './components/ui/safe-html'
export { setApiTransport }

/** What a page's server render gives: the inside of `#root`, and the data block to put after it. */
export interface RenderedPage {
  rootHtml: string
  stateScript: string
}

/**
 * Why a page was not rendered, for the server's log. `unexpected` is false for what a guest's page can
 * meet every day (a post that is not there, a redirect), true for a failure worth a warning.
 */
export interface NotRendered {
  notRendered: string
  unexpected: boolean
}

/** Waits until no query of the page is being fetched (its loaders start them without waiting). */
async function queriesSettled(queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 2))
}

/** Why the loaded page cannot be drawn as the browser would draw it, or null when it can. */
function whyNotRendered(
  router: ReturnType<typeof createAppRouter>,
  queryClient: ReturnType<typeof createQueryClient>,
): NotRendered | null {
  const match = router.state.matches.find((candidate) => candidate.status !== 'success')
  if (match) {
    return { notRendered: `route ${match.routeId} ${match.status}`, unexpected: match.status === 'error' }
  }
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error')
  if (failed) {
    const { error } = failed.state
    const status = error instanceof ApiError ? error.status : 0
    return {
      notRendered: `query ${JSON.stringify(failed.queryKey)} failed: ${error?.message ?? 'unknown error'}`,
      unexpected: status !== 404,
    }
  }
  return null
}

/**
 * The page at `url` (path and query) as a guest (or, with `session`, that member) sees it once its data
 * has loaded, or why it cannot be rendered as it would be in the browser (a route or query failed,
 * redirected or found nothing): the server then sends the page without it, and the app renders it as usual. `theme` is the visitor's
 * explicit choice from the theme cookie ('system' without one), so the theme toggle is drawn as the app
 * will draw it.
 */
export async function renderPage(
  origin: string,
  url: string,
  theme: ThemePreference = 'system',
  session?: Session,
): Promise<RenderedPage | NotRendered> {
  const store = createAppStore()
  store.set(storedPreferenceAtom, theme)
  const queryClient = createQueryClient()
  if (session) {
    // A member's page: their header is drawn from the same data the app would load first.
    seedSession(store, session)
    await queryClient.prefetchQuery(profileHeaderQueryOptions())
  }
  const router = createAppRouter({
    queryClient,
    store,
    history: createMemoryHistory({ initialEntries: [url] }),
    scrollRestoration: false,
  })
  await router.load()
  await queriesSettled(queryClient)
  const notRendered = whyNotRendered(router, queryClient)
  if (notRendered) return notRendered
  // prerender waits for everything to resolve (the route's lazy component included), as the page is sent
  // whole; Suspense boundaries are written resolved, with the markers the browser's hydration reads.
  const { prelude } = await prerender(
    <PageLocationContext.Provider value={{ origin, href: new URL(url, origin).href }}>
      <StrictMode>
        <App router={router} queryClient={queryClient} store={store} />
      </StrictMode>
    </PageLocationContext.Provider>,
    // Every Suspense boundary in place: a large one is otherwise sent after the rest with an inline
    // script to move it in, which the content security policy blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  const rootHtml = await new Response(prelude).text()
  return { rootHtml, stateScript: serverStateScript(dehydrate(queryClient)) }
}
