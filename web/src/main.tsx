import '@fontsource-variable/inter/wght.css'
import '@fontsource/jetbrains-mono/400.css'
import '@fontsource/jetbrains-mono/500.css'
import '@fontsource/jetbrains-mono/700.css'
import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { takeServerState } from './lib/server-state'
import { createAppRouter, createQueryClient } from './router'
import { writeMemberHint } from './state/member-hint'
import { readStoredSession } from './state/session'
import { createAppStore } from './state/store'
import { applyThemeToDocument, themeAtom, themePreferenceAtom, writeThemeCookie } from './state/theme'

const store = createAppStore()
// Before the first render, so the page never paints in the other palette.
applyThemeToDocument(store.get(themeAtom))

// A session kept from before the hint cookie existed, or one that expired, sets the hint right; a theme
// chosen before the theme cookie existed gets its cookie too.
writeMemberHint(readStoredSession() !== null)
writeThemeCookie(store.get(themePreferenceAtom))

const queryClient = createQueryClient()
// A page the server rendered (server/src/infra/server-render.ts) carries the data it was rendered with.
const serverState = takeServerState(document)
if (serverState) hydrate(queryClient, serverState)
const router = createAppRouter({ queryClient, store })

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} store={store} />
    </StrictMode>,
  )
}

/**
 * Over the server's HTML, the first render must draw the page as the server drew it, not the route's
 * loading state, so nothing moves. (createRoot empties #root first and makes the elements again; a
 * render keeping them is the next step, web/README.md.) Once its effects have run (after the next
 * frame), public/boot.js hands over the keys pressed before.
 */
async function takeOver(root: HTMLElement): Promise<void> {
  await router.load().catch(() => undefined)
  mount(root)
  requestAnimationFrame(() => setTimeout(() => document.dispatchEvent(new Event('bashboard:started'))))
}

if (container.firstElementChild) void takeOver(container)
else mount(container)
