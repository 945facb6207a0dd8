import { Link } from '@tanstack/react-router'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '../../lib/cn'

export type ToastVariant = 'default' | 'success' | 'destructive'

export interface ToastInput {
  title: string
  message?: string | undefined
  variant?: ToastVariant
  /** How long the toast stays, in milliseconds (hovering or focusing it pauses the timer). */
  durationMs?: number
  /**
   * What the toast is about (e.g. one form's errors). A new toast with the same key replaces the one on
   * screen instead of piling up under it, and `dismissToastKeyAtom` removes it once it no longer applies.
   */
  key?: string
  /** A page of the site the toast leads to ("View your post"): opening it dismisses the toast. */
  link?: { to: string; label: string } | undefined
}

export interface ToastItem extends Required<Omit<ToastInput, 'message' | 'key' | 'link'>> {
  id: number
  message: string | undefined
  key: string | undefined
  link: ToastInput['link']
}

const icons = { default: Info, success: CircleCheck, destructive: CircleAlert }

/** One toast: its icon, title and message, a dismiss button, and a timer that pauses on hover and focus. */
export function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false)
  const remaining = useRef(toast.durationMs)

  useEffect(() => {
    if (paused) return
    const startedAt = Date.now()
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current -= Date.now() - startedAt
    }
  }, [paused, onDismiss, toast.id])

  const Icon = icons[toast.variant]
  const destructive = toast.variant === 'destructive'
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto flex w-full animate-toast-in motion-reduce:animate-none items-start gap-2.5 rounded-lg border bg-surface px-3 py-2.5 shadow-panel sm:gap-3 sm:p-4',
        destructive ? 'border-danger/60' : 'border-line-strong',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-5 shrink-0',
          destructive ? 'text-danger' : toast.variant === 'success' ? 'text-accent-text' : 'text-muted',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm font-semibold', destructive ? 'text-danger' : 'text-fg')}>{toast.title}</p>
        {/* Two lines on a phone keep the toast small; the whole text stays in the page for screen readers. */}
        {toast.message ? (
          <p className="mt-0.5 line-clamp-2 text-sm text-muted sm:line-clamp-none">{toast.message}</p>
        ) : null}
        {toast.link ? (
          <Link
            to={toast.link.to}
            onClick={() => onDismiss(toast.id)}
            className="mt-1 inline-block rounded-sm text-sm font-medium text-accent-text underline underline-offset-2 hover:no-underline"
          >
            {toast.link.label}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  )
}
