import type { LiveEventMap, LiveTopicKind } from '@bashboard/server/contract'
import type { QueryClient } from '@tanstack/react-query'

/** Every event name on the live channel, whatever its topic kind. */
export type LiveEventName = { [K in LiveTopicKind]: keyof LiveEventMap[K] & string }[LiveTopicKind]

/** The payload of an event, looked up by name alone (event names are unique across topic kinds). */
export type LivePayload<E extends LiveEventName> = {
  [K in LiveTopicKind]: E extends keyof LiveEventMap[K] ? LiveEventMap[K][E] : never
}[LiveTopicKind]

/** Merges one event into the React Query cache. `topic` is the full topic name (`post:<id>`). */
export type LiveEventHandler<E extends LiveEventName> = (
  queryClient: QueryClient,
  data: LivePayload<E>,
  topic: string,
) => void

/** A feature's event handlers, keyed by event name. */
export type LiveEventHandlers = { [E in LiveEventName]?: LiveEventHandler<E> }

/**
 * What each `features/<domain>/live.ts` exports: the events it merges into its cached queries, and how
 * it refetches a topic whose missed events the server no longer holds (`reset`).
 */
export interface LiveFeature {
  /** The topic kinds whose `reset` this feature answers. */
  topicKinds: readonly LiveTopicKind[]
  events: LiveEventHandlers
  /** Invalidates the queries that show this topic's data. */
  reset: (queryClient: QueryClient, topic: string) => void
}

/** Connection state shown by the header's live indicator. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'offline'
