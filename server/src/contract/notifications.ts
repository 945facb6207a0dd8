import { type Static, Type } from 'typebox'
import { Id, PageNumber } from './common.ts'
import { NOTIFICATIONS_PAGE_SIZE } from './values.ts'

/*
 * Notifications (issue 4): kept in the database so a user who was away sees them on return, and
 * pushed live as the `notification` event on `user:<id>` (see contract/live.ts).
 */

/**
 * What a notification is about: a comment on your post, upvotes on your post (batched), a tier
 * reached, a decision on your contributor application, a role change, a reply to your comment, an
 * `@username` mention of you in a comment (reply and mention links end in `#comment-<id>`), or a
 * moderator's removal of your post or comment (`removal`: its text names what went and what to do
 * next, `reason` carries the moderator's reason, the link is `/guidelines`; moderators are reached at
 * `/contact`).
 */
export const NotificationKind = Type.Union([
  Type.Literal('comment'),
  Type.Literal('upvotes'),
  Type.Literal('tier'),
  Type.Literal('application'),
  Type.Literal('role'),
  Type.Literal('reply'),
  Type.Literal('mention'),
  Type.Literal('removal'),
])
export type NotificationKind = Static<typeof NotificationKind>

/**
 * One notification. `link` is an in-app path (e.g. `/post/<slug>`) or null. `reason` is the
 * moderator's reason of a `removal` (absent when none was given, and on every other kind). `count` is
 * how many events the row batches (upvotes on one post grow one unread row; 1 for the other kinds).
 * `updatedAt` moves when a batch grows; lists are ordered by it, newest first.
 */
export const Notification = Type.Object({
  _id: Id,
  kind: NotificationKind,
  text: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Optional(Type.String()),
  count: Type.Integer({ minimum: 1 }),
  read: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Notification = Static<typeof Notification>

export { NOTIFICATIONS_PAGE_SIZE } from './values.ts'

/**
 * `GET /api/notifications` query: `page` (1 when absent) of the notifications, newest first, only
 * those of `kind` when given, only unread ones when `unread` is true. The bell's menu asks for page 1
 * of everything; the notifications page for any of them.
 */
export const NotificationsQuery = Type.Object(
  {
    page: Type.Optional(PageNumber),
    kind: Type.Optional(NotificationKind),
    unread: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type NotificationsQuery = Static<typeof NotificationsQuery>

/** Where a notifications page is among those the query matches; `totalPages` is 0 when none match. */
export const NotificationsPagination = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
})
export type NotificationsPagination = Static<typeof NotificationsPagination>

/**
 * `GET /api/notifications` (member): a page of the notifications the query matches, the number of
 * unread ones (all of them, whatever the query), where the page is, and `liveId`, the last event id
 * of `user:<id>` read before the query.
 */
export const NotificationsResponse = Type.Object({
  notifications: Type.Array(Notification, { maxItems: NOTIFICATIONS_PAGE_SIZE }),
  unreadCount: Type.Integer({ minimum: 0 }),
  pagination: NotificationsPagination,
  liveId: Type.String(),
})
export type NotificationsResponse = Static<typeof NotificationsResponse>

/** `POST /api/notifications/{id}/read` path parameters. */
export const NotificationParams = Type.Object({ id: Id })
export type NotificationParams = Static<typeof NotificationParams>

/**
 * Answer of `POST /api/notifications/read-all` (always 0) and `POST /api/notifications/{id}/read`
 * (the unread count left). Marking an already-read notification read again changes nothing.
 */
export const UnreadCountResponse = Type.Object({ unreadCount: Type.Integer({ minimum: 0 }) })
export type UnreadCountResponse = Static<typeof UnreadCountResponse>
