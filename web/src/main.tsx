import '@fontsource-variable/inter/wght.css'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/500.css'
import '@fontsource/jetbrains-mono/700.css'
import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { createBrowserHistory } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadFooter } from './app/layout/root-layout'
import { preloadFrameIcons } from './components/ui/frame-icons'
import { hydratePage, nextTask } from './lib/hydration'
import { clearInertMarks, markControlsUntilStarted } from './lib/inert-until-started'
import { takeServerState } from './lib/server-state'
import { createAppRouter, createQueryClient } from './router'
import { createAppStore } from './state/store'
import { applyThemeToDocument, themeAtom, themePreferenceAtom, writeThemeCookie } from './state/theme'

const store = createAppStore()
// Before the first render, so the page never paints in the other palette.
applyThemeToDocument(store.get(themeAtom))

// The bearer token older versions kept in localStorage goes: page scripts must find no session there
// (the session is the server's HttpOnly cookie now). A theme chosen before the theme cookie existed
// gets its cookie.
try {
  localStorage.removeItem('bashboard.session')
} catch {
  // Storage blocked: there is nothing stored either.
}
writeThemeCookie(store.get(themePreferenceAtom))

const queryClient = createQueryClient()
const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

function app(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <App router={router} queryClient={queryClient} store={store} />
    </StrictMode>
  )
}

/**
 * Over the server's HTML (server/src/infra/server-render.ts), the app hydrates it: it keeps the server's
 * elements and attaches itself to them, so nothing moves and focus stays where it is. Each step runs in a
 * task of its own, so none blocks a phone for long: the server's data into React Query, the router, the
 * route's loaders (with that data, so the first render is the page the server drew, not the route's
 * loading state), then React's hydration, which yields every few milliseconds (lib/hydration.tsx). Once
 * the page has hydrated, the marks that said "not working yet" go, and public/boot.js hands over the keys
 * pressed before (after the next frame, so the effects have run).
 */
async function takeOver(root: HTMLElement): Promise<void> {
  const serverState = takeServerState(document)
  if (serverState) hydrate(queryClient, serverState)
  await nextTask()
  const history = createBrowserHistory()
  await nextTask()
  const router = createAppRouter({ queryClient, store, history })
  // What the router's own SSR hydration marks: a router taking over a server render. It then draws the
  // same tree as on the server (no Suspense boundaries of its own around the root), as hydration needs.
  router.ssr = { manifest: undefined }
  await nextTask()
  await router.load().catch(() => undefined)
  await nextTask()
  // The frame's icons and the footer, which the server drew and the app loads apart: had they not
  // arrived, their part would stay dehydrated for a while and drop a click made on it
  // (lib/preloadable.tsx). Asked for in a task of their own, after the route's code, since each import
  // walks the page's links (frame-icons.ts).
  await Promise.all([preloadFrameIcons(), preloadFooter()])
  await nextTask()
  try {
    // The server marked the controls unavailable; the hydration's render draws the same marks.
    markControlsUntilStarted(true)
    await hydratePage(root, app(router))
  } finally {
    markControlsUntilStarted(false)
    // Even after a failure, no control stays marked as waiting for an app that will not come.
    clearInertMarks(root)
    requestAnimationFrame(() => setTimeout(() => document.dispatchEvent(new Event('bashboard:started'))))
  }
}

if (container.firstElementChild) void takeOver(container)
else createRoot(container).render(app(createAppRouter({ queryClient, store })))
