import type { LiveHub, LiveWatcher } from '../src/live/hub.ts'

/**
 * A live channel a test drives by hand, for what keeps state by watching it (`LiveHub.watch`): only
 * `watch` works; `event` tells the watcher of an event (or, with a null name, a reset marker) as if
 * published on this instance, and `resumed` that delivery was interrupted and works again.
 */
export function handDrivenLive(): {
  live: LiveHub
  event(topic: string, name: string | null, data?: unknown): void
  resumed(): void
} {
  let watcher: LiveWatcher | undefined
  const live = {
    watch: (given: LiveWatcher) => {
      watcher = given
      return () => {}
    },
  } as unknown as LiveHub
  return {
    live,
    event: (topic, name, data = {}) => watcher?.event({ topic, event: name, id: null, data: () => data }),
    resumed: () => watcher?.resumed(),
  }
}
