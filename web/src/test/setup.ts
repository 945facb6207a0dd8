import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// The machine running the suite is shared; give the router's async first render some room.
configure({ asyncUtilTimeout: 4000 })

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {}

afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
