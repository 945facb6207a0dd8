import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../../lib/cn'

export interface DialogProps {
  title: string
  /** A line under the title, read out with it. */
  description?: ReactNode
  /** Escape, the backdrop and the close buttons call this; ignored while `busy`. */
  onClose: () => void
  /** While an action runs the dialog cannot be dismissed. */
  busy?: boolean
  /** The element to focus first; else the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
  children: ReactNode
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal over the page: focus moves into it and is kept there, Escape and the backdrop close it, and
 * focus returns to what opened it. On a phone it sits at the bottom of the screen, within thumb reach.
 */
export function Dialog({
  title,
  description,
  onClose,
  busy = false,
  initialFocus,
  className,
  children,
}: DialogProps) {
  const ids = { title: useId(), description: useId() }
  const dialogRef = useRef<HTMLDivElement>(null)
  // Read on mount only: the effect must not refocus on every render.
  const focusTarget = useRef(initialFocus)

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const first =
      focusTarget.current?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? null
    ;(first ?? dialogRef.current)?.focus()
    return () => opener?.focus()
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.stopPropagation()
      if (!busy) onClose()
      return
    }
    if (event.key !== 'Tab') return
    // Keep Tab inside the dialog while it is open.
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center sm:p-4">
      <button
        type="button"
        aria-label="Close dialog"
        tabIndex={-1}
        onClick={() => (busy ? undefined : onClose())}
        className="absolute inset-0 cursor-default bg-black/60"
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={description ? ids.description : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'relative flex max-h-[calc(100dvh-1.5rem)] w-full max-w-md flex-col overflow-y-auto rounded-xl border border-line-strong bg-surface p-5 shadow-panel',
          className,
        )}
      >
        <h2 id={ids.title} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {description ? (
          <div id={ids.description} className="mt-1.5 text-sm text-muted">
            {description}
          </div>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </div>,
    document.body,
  )
}
