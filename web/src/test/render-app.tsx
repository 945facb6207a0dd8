import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { expect } from 'vitest'
import { App } from '../app/app'
// The app imports its live handlers lazily (app/providers.tsx). Loaded here first, that import resolves
// from the module cache at once, instead of still loading when a short test file's environment is torn
// down (Vitest then logs "live handlers failed to load").
import '../app/live-registry'
import { CSRF_COOKIE, MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { createAppRouter, createQueryClient } from '../router'
import { writeCookie } from '../state/cookie'
import { readSessionCookies, type Session } from '../state/session'
import { createAppStore } from '../state/store'
import { createFakeSocketFactory } from './fake-socket'
import { csrfTokenOf } from './mock-api'

/** A session that is valid for another half hour (to the second, as the expiry cookie says it). */
export function validSession(csrfToken = 'test-csrf-token'): Session {
  const seconds = Math.floor(Date.now() / 1000) + 30 * 60
  return { csrfToken, expiresAt: new Date(seconds * 1000).toISOString() }
}

/** Sets the readable cookies a sign-in's answer leaves (the HttpOnly session cookie is the server's). */
export function storeSession(session: Session): void {
  writeCookie(MEMBER_HINT_COOKIE, String(Math.floor(Date.parse(session.expiresAt) / 1000)))
  writeCookie(CSRF_COOKIE, session.csrfToken)
}

/**
 * Asserts the tab is signed in with the session the sign-in answer carrying `token` started (its
 * cookies), and that the page kept the token itself nowhere a script could read it.
 */
export function expectSignedInWith(token: string): void {
  expect(readSessionCookies()?.csrfToken).toBe(csrfTokenOf(token))
  expect(JSON.stringify({ ...localStorage })).not.toContain(token)
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
