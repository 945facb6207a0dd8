import type { Notification } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bell, CheckCheck } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { useLiveTopic } from '../../../live/live-provider'
import { notificationsQueryOptions, useMarkAllRead, useMarkRead } from '../api'
import { onNotificationArrived } from '../live'
import { NotificationList } from './notification-item'

const toastTitles: Record<string, string> = {
  comment: 'New comment',
  upvotes: 'New upvotes',
  tier: 'New badge',
  application: 'Application update',
  role: 'Role changed',
  reply: 'New reply',
  mention: 'You were mentioned',
  removal: 'Removed by a moderator',
}

/**
 * The header's notifications bell for signed-in users: the unread count, a panel with the newest
 * notifications (each opens its link and is marked read), Mark all read, and a toast for every
 * notification pushed live. The list comes from the server, so it is right again after a reload.
 */
export function NotificationsMenu({ userId }: { userId: string }) {
  const toast = useToast()
  const list = useQuery(notificationsQueryOptions())
  const markAll = useMarkAllRead()
  const markOne = useMarkRead()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  // The user topic is held for the whole visit; this adds the list's live id so no push is missed.
  useLiveTopic(`user:${userId}`, list.data?.liveId)

  // Keyed by the notification: a batched one pushed again (three more upvotes) replaces its toast.
  useEffect(
    () =>
      onNotificationArrived((notification) =>
        toast({
          title: toastTitles[notification.kind] ?? 'Notification',
          message: notification.text,
          ...(notification._id ? { key: `notification:${notification._id}` } : {}),
        }),
      ),
    [toast],
  )

  useEffect(() => {
    if (!open) return
    panelRef.current?.focus()
    const onPointerDown = (event: PointerEvent): void => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  const unread = list.data?.unreadCount ?? 0
  const notifications = list.data?.notifications ?? []

  function openNotification(notification: Notification): void {
    setOpen(false)
    if (!notification.read) markOne.mutate(notification._id)
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute -top-0.5 -right-0.5 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-accent px-1 font-mono text-[10px] font-bold text-accent-fg"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          ref={panelRef}
          tabIndex={-1}
          aria-labelledby={`${panelId}-heading`}
          role="dialog"
          className="fixed inset-x-2 top-16 z-40 flex max-h-[70vh] flex-col rounded-lg border border-line-strong bg-surface shadow-panel focus:outline-none sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2.5">
            <h2 id={`${panelId}-heading`} className="text-sm font-semibold text-fg">
              Notifications
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark all read
            </Button>
          </div>
          <div className="overflow-y-auto p-1.5">
            {list.data ? (
              notifications.length === 0 ? (
                <p className="px-3 py-8 text-center text-sm text-muted">
                  No notifications yet. Comments and upvotes on your commands show up here.
                </p>
              ) : (
                <NotificationList
                  label="Latest notifications"
                  notifications={notifications}
                  onOpen={openNotification}
                  className="flex flex-col"
                />
              )
            ) : list.isError ? (
              <div className="p-2">
                <LoadFailed
                  message="Notifications could not be loaded."
                  onRetry={() => void list.refetch()}
                  retrying={list.isFetching}
                />
              </div>
            ) : (
              <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted">
                <Spinner size="sm" />
                Loading notifications...
              </div>
            )}
          </div>
          <div className="border-t border-line px-3 py-2">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="block rounded-sm py-1 text-center text-sm font-medium text-accent-text underline-offset-2 hover:underline focus-visible:underline"
            >
              See all notifications
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  )
}
