import type { Role } from '../contract/common.ts'
import type { LiveTopic, LiveTopicKind } from '../contract/live.ts'

/** A topic name taken apart: its kind and, for `post:<id>` and `user:<id>`, the id. */
export type ParsedTopic =
  | { readonly name: LiveTopic; readonly kind: 'posts' | 'leaderboard' | 'stats' | 'mod' }
  | { readonly name: LiveTopic; readonly kind: 'post' | 'user'; readonly id: string }

/** Who is asking: the socket's authenticated user, or null when it is anonymous. */
export interface TopicViewer {
  readonly id: string
  readonly role: Role
}

// Ids are the lowercase UUIDs the API hands out; any other spelling would be a topic nobody publishes on.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const SINGLETONS = new Set<LiveTopicKind>(['posts', 'leaderboard', 'stats', 'mod'])

/** Parses a topic name (docs/product-rules.md#live); null when the server knows no such topic. */
export function parseTopic(name: string): ParsedTopic | null {
  if (SINGLETONS.has(name as LiveTopicKind)) {
    return { name: name as LiveTopic, kind: name as 'posts' | 'leaderboard' | 'stats' | 'mod' }
  }
  const colon = name.indexOf(':')
  if (colon < 0) return null
  const kind = name.slice(0, colon)
  const id = name.slice(colon + 1)
  if ((kind !== 'post' && kind !== 'user') || !UUID.test(id)) return null
  return { name: name as LiveTopic, kind, id }
}

/** True for topics that only some viewers may hold (`user:<id>`, `mod`). */
export function isPrivateTopic(topic: ParsedTopic): boolean {
  return topic.kind === 'user' || topic.kind === 'mod'
}

/**
 * Whether `viewer` may subscribe to `topic`: `user:<id>` only for that user, `mod` only for
 * moderators, everything else for anyone.
 */
export function canSubscribe(topic: ParsedTopic, viewer: TopicViewer | null): boolean {
  switch (topic.kind) {
    case 'user':
      return viewer !== null && viewer.id === topic.id
    case 'mod':
      return viewer !== null && viewer.role === 'moderator'
    default:
      return true
  }
}
