import type { Notification, NotificationKind } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Bell, CheckCheck } from 'lucide-react'
import { useId } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Pagination } from '../../../components/ui/pagination'
import { useDocumentTitle } from '../../../lib/use-document-title'
import {
  type NotificationsPageFilter,
  notificationsPageQueryOptions,
  useMarkAllRead,
  useMarkRead,
} from '../api'
import { KIND_LABELS } from '../kind-labels'
import { NotificationList } from './notification-item'

export interface NotificationsPageProps {
  filter: NotificationsPageFilter
  /** A new filter or page: the route puts it in the URL. */
  onFilterChange: (filter: NotificationsPageFilter) => void
}

/** Rows of the loading state, as tall as notifications, so the list does not jump when they come. */
function LoadingRows() {
  return (
    <div role="status" aria-label="Loading notifications" className="flex flex-col gap-1 p-1.5">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-start gap-3 px-2.5 py-2">
          <span className="size-7 shrink-0 animate-pulse rounded-md bg-surface-3" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-4 w-4/5 animate-pulse rounded bg-surface-3" />
            <span className="h-3 w-16 animate-pulse rounded bg-surface-3" />
          </span>
        </div>
      ))}
    </div>
  )
}

/** What an empty list says: nothing at all yet, or nothing that matches the filter. */
function emptyText(filter: NotificationsPageFilter): string {
  if (!filter.kind && !filter.unread)
    return 'No notifications yet. Comments, replies and upvotes on your commands show up here.'
  const what = filter.kind ? KIND_LABELS[filter.kind].toLowerCase() : 'notifications'
  return filter.unread ? `No unread ${what}. You are all caught up.` : `No ${what} yet.`
}

/**
 * `/notifications`: every notification of the signed-in member, 30 a page, newest activity first,
 * filtered by kind and by unread; each opens its link and is marked read, and Mark all read clears
 * the lot. Pushed notifications refresh the page (live.ts), as they do the bell's menu.
 */
export function NotificationsPage({ filter, onFilterChange }: NotificationsPageProps) {
  useDocumentTitle('Notifications')
  const list = useQuery(notificationsPageQueryOptions(filter))
  const markAll = useMarkAllRead()
  const markOne = useMarkRead()
  const kindId = useId()
  const data = list.data
  const unread = data?.unreadCount ?? 0

  function open(notification: Notification): void {
    if (!notification.read) markOne.mutate(notification._id)
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-fg">
          <Bell aria-hidden="true" className="size-6 text-accent-text" />
          Notifications
        </h1>
        <p className="text-sm text-muted">
          {data
            ? unread > 0
              ? `${countOf(unread, 'notification')} unread.`
              : 'Everything is read.'
            : '\u00a0'}
        </p>
      </header>

      <Card className="flex flex-wrap items-center gap-x-5 gap-y-3 p-3 sm:p-4">
        <label htmlFor={kindId} className="flex items-center gap-2 text-sm text-muted">
          Show
          <select
            id={kindId}
            value={filter.kind ?? ''}
            onChange={(event) =>
              onFilterChange({
                ...filter,
                page: 1,
                kind: (event.target.value || undefined) as NotificationKind | undefined,
              })
            }
            className="h-9 max-w-56 rounded-md border border-line bg-surface-2 px-2 text-sm text-fg"
          >
            <option value="">All notifications</option>
            {(Object.keys(KIND_LABELS) as NotificationKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <Checkbox
          label="Unread only"
          checked={filter.unread ?? false}
          onChange={(event) =>
            onFilterChange({ ...filter, page: 1, unread: event.target.checked || undefined })
          }
        />
        <Button
          variant="secondary"
          size="sm"
          className="sm:ml-auto"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all read
        </Button>
      </Card>

      <Card className="min-h-40">
        {data ? (
          data.notifications.length === 0 ? (
            <p className="px-4 py-12 text-center text-sm text-muted">{emptyText(filter)}</p>
          ) : (
            <NotificationList
              label="Notifications"
              notifications={data.notifications}
              onOpen={open}
              busy={list.isPlaceholderData}
              className="flex flex-col p-1.5 aria-busy:opacity-70"
            />
          )
        ) : list.isError ? (
          <div className="p-3">
            <LoadFailed
              message="Notifications could not be loaded."
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </div>
        ) : (
          <LoadingRows />
        )}
      </Card>

      {data && data.pagination.totalPages > 1 ? (
        <div className="flex flex-col items-center gap-2">
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPageChange={(page) => onFilterChange({ ...filter, page })}
            label="Notification pages"
          />
          <p className="text-xs text-muted">
            Page {data.pagination.page} of {data.pagination.totalPages} ·{' '}
            {countOf(data.pagination.total, 'notification')}
          </p>
        </div>
      ) : null}
    </div>
  )
}
