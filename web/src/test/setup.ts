import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { writeCookie } from '../state/cookie'

// The machine running the suite is shared, and two test workers share its 2 cores: give the router's async
// first render, and the query retries some tests wait through (about 3 s of back-off), room to finish.
configure({ asyncUtilTimeout: 10_000 })

// The toast cards load apart from the app (components/ui/toast.tsx) and the app asks for them after its
// first render; a test asserting a toast soon after must not wait on their first transform here.
await import('../components/ui/toast-card')

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

// A worker runs many test files in one jsdom (vitest.config.ts, isolate: false): leave nothing a later
// test could see.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    writeCookie(cookie.split('=')[0] ?? '', null)
  document.body.replaceChildren()
  window.history.replaceState(null, '', '/')
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
