import type { Notification } from '@bashboard/server/contract'

/** Notification number `index`: an unread comment on "Command <index>", with a stable id. */
export function notificationFixture(index: number, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: 'comment',
    text: `grace commented on "Command ${index}"`,
    link: `/post/command-${index}`,
    count: 1,
    read: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }
}
