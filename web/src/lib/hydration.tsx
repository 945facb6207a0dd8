import { type ReactNode, startTransition, useEffect, useSyncExternalStore } from 'react'
import { hydrateRoot } from 'react-dom/client'

/*
 * The app taking over the server's HTML (src/main.tsx; web/README.md, "The first screen from the server").
 * React hydrates it: it keeps the server's elements and only attaches the app to them. Started inside a
 * transition, the hydration is rendered concurrently, yielding to the browser every few milliseconds, so
 * no task of the takeover runs long on a phone (a click meanwhile hydrates what it lands on first).
 *
 * Hydration keeps the server's attributes: an attribute the browser would write differently (the time
 * zone, the system's theme) must not be written during the first render. `useHydrated()` says when it may.
 */

/**
 * Resolves in a later task, after the browser has had the chance to paint and answer input. Asking for a
 * chunk (a dynamic import) walks the page's links to preload its dependencies: the takeover asks from a
 * task of its own, so that walk does not lengthen the render's task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

const neverChanges = () => () => {}

/**
 * False in the render the server makes and in the browser's hydration of it, true in every render after
 * (and at once for anything rendered later). Write browser-only attributes (a local time in a tooltip, the
 * system's theme) only when it is true: React renders the component again right after hydrating it, and
 * that render writes the value to the element.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
}

function OnCommit({ done, children }: { done: () => void; children: ReactNode }) {
  // The first effects run once the root has hydrated and committed.
  useEffect(done, [done])
  return children
}

/**
 * Resolves at the browser's next idle moment. React commits a hydrated root first and hydrates the
 * Suspense boundaries inside it (the route's content, the lazy parts) afterwards, at its lowest priority,
 * in tasks of their own; the main thread is idle once they are done. (A browser without idle callbacks
 * gets a short timer.)
 */
function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 })
    else setTimeout(resolve, 100)
  })
}

/**
 * Hydrates the server's HTML in `container` with `app`; resolves once the whole page is hydrated, its
 * Suspense boundaries included (what the takeover waits for before saying the app has started).
 */
export async function hydratePage(container: Element, app: ReactNode): Promise<void> {
  await new Promise<void>((resolve) => {
    startTransition(() => {
      hydrateRoot(container, <OnCommit done={resolve}>{app}</OnCommit>)
    })
  })
  await nextIdle()
}
