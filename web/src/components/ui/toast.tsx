import { atom, useAtomValue, useSetAtom } from 'jotai'
import { Suspense, useCallback, useEffect } from 'react'
import { nextTask } from '../../lib/hydration'
import { preloadable } from '../../lib/preloadable'
import type { ToastInput, ToastItem } from './toast-card'

export type { ToastInput, ToastItem, ToastVariant } from './toast-card'

/** At most this many toasts are kept; older ones make room. A phone shows only the newest two (below). */
export const MAX_TOASTS = 4

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
    link: input.link,
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

// The cards' code (and their icons) loads after the first screen, which shows none: asked for once the
// region is on screen, so the first toast need not wait for it.
const card = preloadable(() => import('./toast-card').then((module) => module.ToastCard))

/** The toast region; mounted once at the root so it survives navigation. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  const onDismiss = useCallback((id: number) => dismiss(id), [dismiss])
  useEffect(() => {
    void nextTask().then(card.preload)
  }, [])
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-2 sm:left-auto sm:w-96 sm:p-4"
    >
      {/* On a phone the newest two show, so a burst covers a strip at the bottom rather than the page. */}
      <ol
        aria-live="polite"
        className="flex flex-col gap-1.5 max-sm:[&>li:nth-last-child(n+3)]:hidden sm:gap-2"
      >
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            {toasts.map((toast) => (
              <card.Component key={toast.id} toast={toast} onDismiss={onDismiss} />
            ))}
          </Suspense>
        ) : null}
      </ol>
    </section>
  )
}
