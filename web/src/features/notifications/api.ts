import type {
  LiveNotification,
  Notification,
  NotificationKind,
  NotificationsResponse,
  UnreadCountResponse,
} from '@bashboard/server/contract'
import { NOTIFICATIONS_PAGE_SIZE } from '@bashboard/server/contract/values'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import { currentUserKeyRoot } from '../../lib/current-user'

/** Query keys of the signed-in user's notifications; under the user's root, so logout drops them. */
export const notificationKeys = {
  list: () => [...currentUserKeyRoot, 'notifications'] as const,
  /** Pages of the notifications page; apart from the menu's list, which pushes are merged into. */
  pages: () => [...currentUserKeyRoot, 'notification-pages'] as const,
  page: (filter: NotificationsPageFilter) => [...notificationKeys.pages(), filter] as const,
}

/** What the notifications page shows: a page, of one kind or of all, of unread ones or of all. */
export interface NotificationsPageFilter {
  page: number
  kind?: NotificationKind | undefined
  unread?: boolean | undefined
}

/** The newest notifications, the unread total and the `user:<id>` live id (GET /api/notifications). */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      apiFetch<NotificationsResponse>('/api/notifications', {
        signal,
        fallbackMessage: 'Failed to fetch notifications',
      }),
  })
}

/** A page of the notifications page (GET /api/notifications?page=&kind=&unread=). */
export function notificationsPageQueryOptions(filter: NotificationsPageFilter) {
  const query = new URLSearchParams({ page: String(filter.page) })
  if (filter.kind) query.set('kind', filter.kind)
  if (filter.unread) query.set('unread', 'true')
  return queryOptions({
    queryKey: notificationKeys.page(filter),
    queryFn: ({ signal }) =>
      apiFetch<NotificationsResponse>(`/api/notifications?${query}`, {
        signal,
        fallbackMessage: 'Failed to fetch notifications',
      }),
    // The page shown stays while the next one loads, so the list does not jump to a spinner.
    placeholderData: keepPreviousData,
  })
}

/**
 * Merges a pushed notification into the cached list: a grown batch (same id) moves to the top with its
 * new text and count. Returns null when the push lacks the fields to merge safely (the list is refetched).
 */
export function mergePushedNotification(
  current: NotificationsResponse,
  pushed: LiveNotification,
): NotificationsResponse | null {
  const { _id, count, read, createdAt, updatedAt, unreadCount, reason } = pushed
  if (!_id || count === undefined || !createdAt || !updatedAt || unreadCount === undefined) return null
  const kind = pushed.kind as Notification['kind']
  const item: Notification = {
    _id,
    kind,
    text: pushed.text,
    link: pushed.link,
    ...(reason === undefined ? {} : { reason }),
    count,
    read: read ?? false,
    createdAt,
    updatedAt,
  }
  const rest = current.notifications.filter((notification) => notification._id !== _id)
  return {
    ...current,
    notifications: [item, ...rest].slice(0, NOTIFICATIONS_PAGE_SIZE),
    unreadCount,
  }
}

function setAllRead(
  queryClient: QueryClient,
  predicate: (notification: Notification) => boolean,
  unreadCount: number,
): void {
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.list(), (current) =>
    current
      ? {
          ...current,
          unreadCount,
          notifications: current.notifications.map((notification) =>
            predicate(notification) ? { ...notification, read: true } : notification,
          ),
        }
      : current,
  )
}

/** POST /api/notifications/read-all: everything is read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiFetch<UnreadCountResponse>('/api/notifications/read-all', {
        method: 'POST',
        fallbackMessage: 'Failed to mark notifications as read',
      }),
    onSuccess: (answer) => {
      setAllRead(queryClient, () => true, answer.unreadCount)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() })
    },
  })
}

/** POST /api/notifications/{id}/read: one notification is read (opened from the menu or the page). */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<UnreadCountResponse>(`/api/notifications/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        fallbackMessage: 'Failed to mark the notification as read',
      }),
    onSuccess: (answer, id) => {
      setAllRead(queryClient, (notification) => notification._id === id, answer.unreadCount)
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pages() })
    },
  })
}
