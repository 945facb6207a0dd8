import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { options, type VNode } from 'preact'
import { renderToStringAsync } from 'preact-render-to-string'
import { StrictMode } from 'react'
import { App } from './app/app'
import { setApiTransport } from './lib/api-client'
import { INERT_UNTIL_STARTED } from './lib/hydration'
import { PageLocationContext } from './lib/page-location'
import { serverStateScript } from './lib/server-state'
import { createAppRouter, createQueryClient } from './router'
import { createAppStore } from './state/store'
import { storedPreferenceAtom, type ThemePreference } from './state/theme'

/*
 * The server's render of a public page for a guest (server/src/infra/server-render.ts loads this bundle,
 * built by `vite build --ssr`). The browser paints this HTML before any JavaScript has run; the app then
 * starts on top of it (src/main.tsx) with the same data, so its first render draws the same page.
 */

export { setServerSanitizer } from './components/ui/safe-html'
export { setApiTransport }

/**
 * Until the app has started, the page's controls do nothing, so the server's HTML says so: buttons and
 * fields are marked unavailable (`aria-disabled`, and read-only for fields so nothing typed is lost
 * before the app takes the keys over). Hydration keeps the server's attributes, so each element also
 * names the attributes added here, and the takeover removes them once the app has started (src/main.tsx).
 * Links need nothing: they work as plain links.
 */
const previousVnodeHook = options.vnode
options.vnode = (vnode: VNode) => {
  const { type } = vnode
  if (type === 'button' || type === 'input' || type === 'textarea' || type === 'select') {
    const props = vnode.props as Record<string, unknown>
    const added: string[] = []
    if (props['aria-disabled'] == null) {
      props['aria-disabled'] = 'true'
      added.push('aria-disabled')
    }
    if (type !== 'button' && type !== 'select' && !props.readOnly) {
      props.readOnly = true
      added.push('readonly')
    }
    if (added.length > 0) props[INERT_UNTIL_STARTED] = added.join(' ')
  }
  previousVnodeHook?.(vnode)
}

/** What a page's server render gives: the inside of `#root`, and the data block to put after it. */
export interface RenderedPage {
  rootHtml: string
  stateScript: string
}

/** Waits until no query of the page is being fetched (its loaders start them without waiting). */
async function queriesSettled(queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 2))
}

/**
 * The page at `url` (path and query) as a guest sees it once its data has loaded, or null when the page
 * cannot be rendered as it would be in the browser (a route or query failed, redirected or found
 * nothing): the server then sends the page without it, and the app renders it as usual. `theme` is the
 * visitor's explicit choice from the theme cookie ('system' without one), so the theme toggle is drawn
 * as the app will draw it.
 */
export async function renderPage(
  origin: string,
  url: string,
  theme: ThemePreference = 'system',
): Promise<RenderedPage | null> {
  const store = createAppStore()
  store.set(storedPreferenceAtom, theme)
  const queryClient = createQueryClient()
  const router = createAppRouter({
    queryClient,
    store,
    history: createMemoryHistory({ initialEntries: [url] }),
    scrollRestoration: false,
  })
  await router.load()
  await queriesSettled(queryClient)
  if (router.state.matches.some((match) => match.status !== 'success')) return null
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  )
    return null
  const rootHtml = await renderToStringAsync(
    <PageLocationContext.Provider value={{ origin, href: new URL(url, origin).href }}>
      <StrictMode>
        <App router={router} queryClient={queryClient} store={store} />
      </StrictMode>
    </PageLocationContext.Provider>,
  )
  return { rootHtml, stateScript: serverStateScript(dehydrate(queryClient)) }
}
