import { createStore } from 'jotai'

/** The jotai store holding session and UI state; one per app (and one per test). */
export type AppStore = ReturnType<typeof createStore>

/** A fresh store for the app or a test. */
export function createAppStore(): AppStore {
  return createStore()
}
