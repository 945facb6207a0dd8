import type { LiveDispatcher } from './dispatcher'

/**
 * A dispatcher whose handlers are loaded later (a dynamic import). Events and resets that come before
 * they have loaded are kept in order and handed over once they have. If loading fails they are dropped:
 * the queries still refetch (on focus, on the next visit), as they do for any missed event.
 */
export function deferredDispatcher(load: () => Promise<LiveDispatcher>): LiveDispatcher {
  let loaded: LiveDispatcher | null = null
  let pending: Array<(dispatcher: LiveDispatcher) => void> | null = []
  load().then(
    (dispatcher) => {
      loaded = dispatcher
      const calls = pending ?? []
      pending = null
      for (const call of calls) call(dispatcher)
    },
    (error: unknown) => {
      pending = null
      console.error('live handlers failed to load', error)
    },
  )
  return {
    dispatchEvent(queryClient, message) {
      if (loaded) loaded.dispatchEvent(queryClient, message)
      else pending?.push((dispatcher) => dispatcher.dispatchEvent(queryClient, message))
    },
    dispatchReset(queryClient, topic) {
      if (loaded) loaded.dispatchReset(queryClient, topic)
      else pending?.push((dispatcher) => dispatcher.dispatchReset(queryClient, topic))
    },
  }
}
