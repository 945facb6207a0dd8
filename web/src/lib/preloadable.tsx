import { type ComponentType, use } from 'react'

/** The promise, carrying its outcome the way React's `use` reads it, so a settled one renders at once. */
function tracked<T>(promise: Promise<T>): Promise<T> {
  Object.assign(promise, { status: 'pending' })
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  )
  return promise
}

export interface Preloadable<P> {
  /** Renders the loaded component; suspends (inside the caller's Suspense) until its module has come. */
  Component: ComponentType<P>
  /** Asks for the module now; resolves once it has arrived. */
  preload: () => Promise<unknown>
}

/**
 * A component loaded by its own import, as with `React.lazy`, which can also be asked for before React
 * renders it. React.lazy suspends on its first render even when the module is already there; this renders
 * at once once `preload()` has resolved (`use` reads a settled promise without suspending). The takeover
 * of a server page preloads what its first screen holds (src/main.tsx), so that part hydrates with the
 * rest: a part left dehydrated would drop a click made on it meanwhile.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | null = null
  const preload = () => {
    loading ??= tracked(load())
    return loading
  }
  function Component(props: P) {
    const Loaded = use(preload())
    return <Loaded {...props} />
  }
  return { Component, preload }
}
