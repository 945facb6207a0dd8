import type { NotificationKind } from '@bashboard/server/contract'

/** The kinds the route's `?kind=` accepts; names only, since the route's validation is in the entry chunk. */
export const NOTIFICATION_KINDS: ReadonlySet<string> = new Set<NotificationKind>([
  'comment',
  'reply',
  'mention',
  'upvotes',
  'tier',
  'application',
  'role',
  'removal',
])
