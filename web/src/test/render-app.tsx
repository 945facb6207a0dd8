import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { App } from '../app/app'
// The app imports its live handlers lazily (app/providers.tsx). Loaded here first, that import resolves
// from the module cache at once, instead of still loading when a short test file's environment is torn
// down (Vitest then logs "live handlers failed to load").
import '../app/live-registry'
import { createAppRouter, createQueryClient } from '../router'
import { SESSION_STORAGE_KEY, type Session } from '../state/session'
import { createAppStore } from '../state/store'
import { createFakeSocketFactory } from './fake-socket'

/** A session that is valid for another half hour. */
export function validSession(token = 'test-token'): Session {
  return { token, expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }
}

/** Puts a session in localStorage the way a previous visit would have left it. */
export function storeSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session))
}

/**
 * Renders the whole app (providers, router, layout) at `path`, with fresh stores, no retries and a fake
 * WebSocket. Mock `fetch` (see mockApi) before calling.
 */
export function renderApp(path: string) {
  const store = createAppStore()
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } })
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ queryClient, store, history })
  const sockets = createFakeSocketFactory()
  const view = render(
    <App router={router} queryClient={queryClient} store={store} createSocket={sockets.create} />,
  )
  return { ...view, store, queryClient, router, sockets: sockets.sockets }
}
