import type { NotificationKind } from '@bashboard/server/contract'

/** The kinds the page filters by, in the order the menu's list shows them, with how each reads. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'Comments on your commands',
  reply: 'Replies to your comments',
  mention: 'Mentions of you',
  upvotes: 'Upvotes',
  tier: 'Badges',
  application: 'Application decisions',
  role: 'Role changes',
  removal: 'Removals by moderators',
}
