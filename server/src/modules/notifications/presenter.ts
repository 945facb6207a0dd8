import type { NotificationRow } from '@bashboard/db'
import type { Notification } from '../../contract/notifications.ts'

/** A notification row as the API and the live `notification` event show it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    ...(row.reason === null ? {} : { reason: row.reason }),
    count: row.count,
    read: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}
