import type { NotificationKind } from '@bashboard/server/contract'
import { createFileRoute } from '@tanstack/react-router'
import { NotificationsPage } from '../features/notifications/components/notifications-page'
import { NOTIFICATION_KINDS } from '../features/notifications/notification-kinds'
import { requireSignedIn } from '../features/profile/guards'

export interface NotificationsSearch {
  /** Page N > 1 (`?page=2`); page 1 stays out of the URL. */
  page?: number | undefined
  /** Only this kind (`?kind=reply`). */
  kind?: NotificationKind | undefined
  /** Only unread ones (`?unread=true`). */
  unread?: true | undefined
}

/**
 * Unknown kinds, pages below 2 and anything but `unread=true` read as no filter
 * (docs/product-rules.md#lists). Each key is answered, undefined included: the router lays the
 * result over the raw search, so a key left out would keep the raw value.
 */
function validateSearch(raw: Record<string, unknown>): NotificationsSearch {
  const page = Number.parseInt(String(raw.page ?? ''), 10)
  const kind = typeof raw.kind === 'string' && NOTIFICATION_KINDS.has(raw.kind) ? raw.kind : undefined
  return {
    page: Number.isFinite(page) && page > 1 ? page : undefined,
    kind: kind as NotificationKind | undefined,
    unread: raw.unread === true || raw.unread === 'true' ? true : undefined,
  }
}

export const Route = createFileRoute('/notifications')({
  // A member's page: its code loads when it is opened, out of the entry chunk.
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  validateSearch,
  beforeLoad: requireSignedIn,
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { page = 1, kind, unread } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <NotificationsPage
      filter={{ page, kind, unread }}
      onFilterChange={(next) => {
        void navigate({
          search: {
            ...(next.page > 1 ? { page: next.page } : {}),
            ...(next.kind ? { kind: next.kind } : {}),
            ...(next.unread ? { unread: true as const } : {}),
          },
        })
        window.scrollTo({ top: 0 })
      }}
    />
  )
}
