import type { LiveEventMessage } from '@bashboard/server/contract'
import type { QueryClient } from '@tanstack/react-query'
import type { LiveEventName, LiveFeature } from './types'

type AnyHandler = (queryClient: QueryClient, data: unknown, topic: string) => void

/** `post:<id>` → `post`; `stats` → `stats`. */
export function topicKindOf(topic: string): string {
  const colon = topic.indexOf(':')
  return colon === -1 ? topic : topic.slice(0, colon)
}

export interface LiveDispatcher {
  /** Hands an event to every feature handler registered for its name. */
  dispatchEvent(queryClient: QueryClient, message: LiveEventMessage): void
  /** Asks every feature showing this topic's kind to refetch. */
  dispatchReset(queryClient: QueryClient, topic: string): void
}

/**
 * Merges the features' live handler maps into one dispatcher. Several features may handle the same event
 * (a vote changes the detail page and every cached browse page); each gets it. Unknown events are ignored,
 * so an older tab keeps working when the server learns new events.
 */
export function createLiveDispatcher(features: readonly LiveFeature[]): LiveDispatcher {
  const handlers = new Map<string, AnyHandler[]>()
  for (const feature of features) {
    for (const [event, handler] of Object.entries(feature.events)) {
      if (!handler) continue
      const list = handlers.get(event) ?? []
      // The payload type is fixed by the contract's event map for this name; the server validates it.
      list.push(handler as AnyHandler)
      handlers.set(event, list)
    }
  }
  return {
    dispatchEvent(queryClient, message) {
      for (const handler of handlers.get(message.event as LiveEventName) ?? []) {
        try {
          handler(queryClient, message.data, message.topic)
        } catch (error) {
          // One feature's bad merge must not stop the others; the next refetch repairs its view.
          console.error(`live handler for ${message.event} failed`, error)
        }
      }
    },
    dispatchReset(queryClient, topic) {
      const kind = topicKindOf(topic)
      for (const feature of features) {
        if ((feature.topicKinds as readonly string[]).includes(kind)) feature.reset(queryClient, topic)
      }
    },
  }
}
