import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { options } from 'preact'
import { afterEach, vi } from 'vitest'
import { writeCookie } from '../state/cookie'

// The app renders with Preact (web/preact-aliases.ts), which runs useEffect callbacks after the next
// animation frame and a timer (preact/hooks afterNextFrame: up to 35 ms later). A test would then see
// what an effect does (focus moved, a subscription made, a query started) a frame late, or time out
// waiting with fake timers. This hook is where Preact lets that be changed: run them in a microtask right
// after the render, as close as Preact gets to React's act(), which flushes effects before it returns.
options.requestAnimationFrame = (flush) => queueMicrotask(flush)

// The machine running the suite is shared, and two test workers share its 2 cores: give the router's async
// first render, and the query retries some tests wait through (about 3 s of back-off), room to finish.
configure({ asyncUtilTimeout: 10_000 })

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
