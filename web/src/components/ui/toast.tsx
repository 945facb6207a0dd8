import { atom, useAtomValue, useSetAtom } from 'jotai'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
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
}

export interface ToastItem extends Required<Omit<ToastInput, 'message' | 'key'>> {
  id: number
  message: string | undefined
  key: string | undefined
}

/** At most this many toasts are on screen; older ones make room. */
const MAX_TOASTS = 4

let nextToastId = 1

/** The toasts on screen, oldest first. */
export const toastsAtom = atom<ToastItem[]>([])

/** Adds a toast; usable from components (useToast) and from plain code through the jotai store. */
export const pushToastAtom = atom(null, (get, set, input: ToastInput) => {
  const variant = input.variant ?? 'default'
  const toast: ToastItem = {
    id: nextToastId++,
    title: input.title,
    message: input.message,
    variant,
    durationMs: input.durationMs ?? (variant === 'destructive' ? 7000 : 5000),
    key: input.key,
  }
  const others =
    input.key === undefined ? get(toastsAtom) : get(toastsAtom).filter((item) => item.key !== input.key)
  set(toastsAtom, [...others, toast].slice(-MAX_TOASTS))
})

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  )
})

/** Removes the toast with this key, if one is on screen (an error the user has since fixed). */
export const dismissToastKeyAtom = atom(null, (get, set, key: string) => {
  const toasts = get(toastsAtom)
  if (toasts.some((toast) => toast.key === key))
    set(
      toastsAtom,
      toasts.filter((toast) => toast.key !== key),
    )
})

/** Removes every toast (e.g. stale errors once the action finally succeeded). */
export const clearToastsAtom = atom(null, (_get, set) => {
  set(toastsAtom, [])
})

/** Returns a function that shows a toast. */
export function useToast(): (input: ToastInput) => void {
  const push = useSetAtom(pushToastAtom)
  return useCallback((input: ToastInput) => push(input), [push])
}

const icons = { default: Info, success: CircleCheck, destructive: CircleAlert }

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
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
        'pointer-events-auto flex w-full animate-toast-in motion-reduce:animate-none items-start gap-3 rounded-lg border bg-surface p-4 shadow-panel',
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
        {toast.message ? <p className="mt-0.5 text-sm text-muted">{toast.message}</p> : null}
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

/** The toast region; mounted once at the root so it survives navigation. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const onDismiss = useCallback((id: number) => dismiss(id), [dismiss])
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4 sm:left-auto sm:w-96"
    >
      <ol aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>
  )
}
