import type { Bus, BusMessage } from '../src/live/bus.ts'

/** A live event as the bus carried it: the topic, the SSE/WS event name and the parsed `data`. */
export interface RecordedEvent {
  topic: string
  event: string | null
  data: Record<string, unknown>
}

/**
 * Records every message published on the test app's bus until `stop()` is called, so a test can
 * check which live events a write sent (and that none went out before commit).
 */
export function recordEvents(bus: Bus): { events: RecordedEvent[]; stop: () => void } {
  const events: RecordedEvent[] = []
  const stop = bus.subscribe({
    message: (message: BusMessage) =>
      events.push({ topic: message.topic, event: message.event, data: JSON.parse(message.frame).data }),
    resumed: () => {},
  })
  return { events, stop }
}

/** Waits `ms` milliseconds (for debounced or coalesced publishers). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
