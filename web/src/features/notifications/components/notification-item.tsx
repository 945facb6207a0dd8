import type { Notification, NotificationKind } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import {
  AtSign,
  Award,
  Bell,
  FileCheck2,
  MessageSquare,
  MessageSquareReply,
  ShieldAlert,
  ShieldCheck,
  ThumbsUp,
} from 'lucide-react'
import { cn } from '../../../lib/cn'

/*
 * One notification as a list item, for the bell's menu and the notifications page: its kind's icon,
 * its text and age, a dot while unread; it opens its link (and is marked read by `onOpen`).
 */

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

/** A list of notifications, each opening its link; `onOpen` marks the opened one read. */
export function NotificationList({
  label,
  notifications,
  onOpen,
  busy = false,
  className,
}: {
  label: string
  notifications: readonly Notification[]
  onOpen: (notification: Notification) => void
  /** The next page is loading in its place. */
  busy?: boolean
  className: string
}) {
  return (
    <ul aria-label={label} aria-busy={busy || undefined} className={className}>
      {notifications.map((notification) => (
        <NotificationItem
          key={notification._id}
          notification={notification}
          onOpen={() => onOpen(notification)}
        />
      ))}
    </ul>
  )
}
