import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'

/*
 * The app taking over the server's HTML in short tasks (src/main.tsx; web/README.md, "The first screen
 * from the server"). The takeover hydrates the page: it keeps the server's elements and only attaches
 * the app to them. Parts wrapped in <HydrateLater> are hydrated afterwards, one part per task in the
 * order the page renders them, so no task of the takeover runs long on a phone. Until its turn comes, a
 * part keeps the server's elements as they are.
 *
 * Hydration keeps the server's attributes: an attribute the browser would write differently (the time
 * zone, the system's theme) must not be written during the first render. `useHydrated()` says when it may.
 */

/** The server's render (src/entry-server.tsx): what the browser's takeover hydrates. */
const onServer = typeof window === 'undefined'
/** In the browser, while the app is taking over the server's HTML. */
let takingOver = false

/**
 * On an element of the server's HTML, the attributes the server added because the app has not started
 * (`aria-disabled`, `readonly`), space-separated: the takeover removes them once the page is hydrated.
 */
export const INERT_UNTIL_STARTED = 'data-inert-until-started'

/**
 * Resolves in a later task, after the browser has had the chance to paint and answer input. Asking for a
 * chunk (a dynamic import) walks the page's links to preload its dependencies: the takeover asks from a
 * task of its own, so that walk does not lengthen the render's task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Removes what the server marked as unavailable until the app started, and only that. */
export function clearInertMarks(root: ParentNode): void {
  for (const element of root.querySelectorAll(`[${INERT_UNTIL_STARTED}]`)) {
    const added = element.getAttribute(INERT_UNTIL_STARTED) ?? ''
    for (const name of added.split(' ')) if (name) element.removeAttribute(name)
    element.removeAttribute(INERT_UNTIL_STARTED)
  }
}

type Release = () => void
const waiting: Release[] = []
/** Components that rendered during the takeover and render again once it is over (useHydrated). */
const afterTakeover = new Set<() => void>()
let releasing = false
let drained: (() => void) | null = null

function releaseNext(): void {
  const release = waiting.shift()
  // The part hydrates in this task: its promise's callbacks and the render they start are microtasks.
  release?.()
  if (waiting.length > 0) {
    setTimeout(releaseNext, 0)
    return
  }
  releasing = false
  // The parts just released may have queued more (a part inside a part): wait one more task to see.
  setTimeout(() => {
    if (waiting.length > 0) startReleasing()
    else if (drained) drained()
  }, 0)
}

function startReleasing(): void {
  if (releasing) return
  releasing = true
  setTimeout(releaseNext, 0)
}

/**
 * Hydrates the page with `hydrate` (which renders the app once over the server's elements) and resolves
 * once every <HydrateLater> part has been hydrated too, each in a task of its own.
 */
export function takeOverPage(hydrate: () => void): Promise<void> {
  takingOver = true
  const done = new Promise<void>((resolve) => {
    drained = () => {
      drained = null
      takingOver = false
      for (const rerender of afterTakeover) rerender()
      afterTakeover.clear()
      resolve()
    }
  })
  hydrate()
  startReleasing()
  return done
}

/**
 * False in the render the server makes and in the browser's takeover of it, true once the takeover is over
 * (and at once for anything rendered later). Write browser-only attributes (a local time in a tooltip, the
 * system's theme) only when it is true: hydration keeps the server's attributes, and the render that
 * follows the takeover writes the value to the element. It waits for the whole takeover, not only for this
 * component's hydration: the element may sit in a <HydrateLater> part hydrated later, and a value passed to
 * it before then would be kept out of the element by that part's hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !(onServer || takingOver))
  useEffect(() => {
    if (hydrated) return
    if (!takingOver) {
      setHydrated(true)
      return
    }
    const rerender = () => setHydrated(true)
    afterTakeover.add(rerender)
    return () => {
      afterTakeover.delete(rerender)
    }
  }, [hydrated])
  return hydrated
}

function Gate({ children }: { children: ReactNode }): ReactNode {
  const pending = useRef<Promise<void> | null>(null)
  const released = useRef(!takingOver)
  if (!released.current) {
    pending.current ??= new Promise<void>((resolve) => {
      waiting.push(() => {
        released.current = true
        resolve()
      })
      startReleasing()
    })
    // Suspending while hydrating keeps the server's elements on screen until the part's turn.
    throw pending.current
  }
  return children
}

/**
 * A part of the page hydrated in a task of its own after the rest (a card, a sidebar section). Outside a
 * takeover it renders its children as they are. Its children must render exactly one element: that
 * element is what stays on screen, untouched, until the part's turn.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  )
}
