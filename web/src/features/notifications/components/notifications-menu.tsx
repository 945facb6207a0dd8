import type { Notification, NotificationKind } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import {
  AtSign,
  Award,
  Bell,
  CheckCheck,
  FileCheck2,
  MessageSquare,
  MessageSquareReply,
  ShieldAlert,
  ShieldCheck,
  ThumbsUp,
} from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useLiveTopic } from '../../../live/live-provider'
import { notificationsQueryOptions, useMarkAllRead, useMarkRead } from '../api'
import { onNotificationArrived } from '../live'

const kindIcons: Record<NotificationKind, LucideIcon> = {
  comment: MessageSquare,
  upvotes: ThumbsUp,
  tier: Award,
  application: FileCheck2,
  role: ShieldCheck,
  reply: MessageSquareReply,
  mention: AtSign,
  removal: ShieldAlert,
}

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

/** "just now", "5m ago", "3h ago", "2d ago", then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  const minutes = Math.floor((now - then) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes}m ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours}h ago`
  const days = Math.floor(hours / 24)
  if (days < 7) return `${days}d ago`
  return new Date(then).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
}

/** An in-app link as the router takes it: reply and mention links end in `#comment-<id>`. */
function linkParts(link: string): { to: string; hash?: string } {
  const at = link.indexOf('#')
  return at === -1 ? { to: link } : { to: link.slice(0, at), hash: link.slice(at + 1) }
}

/**
 * A moderator's removal: the text, the moderator's reason quoted on its own lines, and the two places
 * the text points to (the guidelines and the moderators' contact page), each a link of its own, so
 * the item is a group rather than one link. Opening either marks it read.
 */
function RemovalItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const read = notification.read
  const linkClasses =
    'rounded-sm font-medium text-accent-text underline-offset-2 hover:underline focus-visible:underline'
  return (
    <li>
      <div className="flex w-full items-start gap-3 rounded-md px-2.5 py-2">
        <span
          className={cn(
            'mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-md',
            read ? 'bg-surface-3 text-muted' : 'bg-warning/10 text-warning',
          )}
        >
          <ShieldAlert aria-hidden="true" className="size-4" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className={cn('text-sm break-words', read ? 'text-muted' : 'text-fg')}>
            {notification.text}
          </span>
          {notification.reason ? (
            <span className="rounded-md border-l-2 border-line-strong bg-surface-2 px-2 py-1 text-sm break-words whitespace-pre-line text-fg">
              <span className="font-medium text-muted">Reason: </span>
              {notification.reason}
            </span>
          ) : null}
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <Link to={notification.link ?? '/guidelines'} onClick={onOpen} className={linkClasses}>
              Community guidelines
            </Link>
            <Link to="/contact" onClick={onOpen} className={linkClasses}>
              Contact the moderators
            </Link>
          </span>
          <time dateTime={notification.updatedAt} className="text-xs text-muted">
            {timeAgo(notification.updatedAt)}
          </time>
        </span>
        {read ? null : (
          <span className="mt-2 size-2 shrink-0 rounded-full bg-accent">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </div>
    </li>
  )
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  if (notification.kind === 'removal') return <RemovalItem notification={notification} onOpen={onOpen} />
  const Icon = kindIcons[notification.kind] ?? Bell
  const body = (
    <>
      <span
        className={cn(
          'mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-md',
          notification.read ? 'bg-surface-3 text-muted' : 'bg-accent-soft text-accent-text',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('text-sm break-words', notification.read ? 'text-muted' : 'text-fg')}>
          {notification.text}
        </span>
        <time dateTime={notification.updatedAt} className="text-xs text-muted">
          {timeAgo(notification.updatedAt)}
        </time>
      </span>
      {notification.read ? null : (
        <span className="mt-2 size-2 shrink-0 rounded-full bg-accent">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  )
  const classes =
    'flex w-full items-start gap-3 rounded-md px-2.5 py-2 text-left hover:bg-surface-2 focus-visible:bg-surface-2'
  return (
    <li>
      {notification.link ? (
        <Link {...linkParts(notification.link)} onClick={onOpen} className={classes}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={onOpen} className={classes}>
          {body}
        </button>
      )}
    </li>
  )
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

  useEffect(
    () =>
      onNotificationArrived((notification) =>
        toast({ title: toastTitles[notification.kind] ?? 'Notification', message: notification.text }),
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
                <ul aria-label="Latest notifications" className="flex flex-col">
                  {notifications.map((notification) => (
                    <NotificationItem
                      key={notification._id}
                      notification={notification}
                      onOpen={() => openNotification(notification)}
                    />
                  ))}
                </ul>
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
        </div>
      ) : null}
    </div>
  )
}
