import { MOD_LIMITS, MOD_MESSAGES } from '@bashboard/server/contract/limits'
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Button } from '../../../components/ui/button'
import { Textarea } from '../../../components/ui/textarea'

export interface ReasonDialogProps {
  title: string
  /** What is about to happen, shown above the reason field. */
  description: ReactNode
  confirmLabel: string
  pending: boolean
  onConfirm: (reason: string) => void
  onClose: () => void
}

/**
 * The reason is kept in the audit log, so it must say something (3–500 characters, trimmed); the text is
 * the server's answer to the same rule.
 */
export function reasonProblem(reason: string): string | null {
  const length = reason.trim().length
  if (length < MOD_LIMITS.reasonMinLength || length > MOD_LIMITS.reasonMaxLength)
    return MOD_MESSAGES.reasonRequired
  return null
}

/**
 * A modal asking for the reason of a moderator action. Focus moves into it and is kept there; Escape
 * and the backdrop close it; focus returns to what opened it.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { title: useId(), description: useId() }
  const dialogRef = useRef<HTMLDivElement>(null)
  const fieldRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    fieldRef.current?.focus()
    return () => opener?.focus()
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape' && !pending) {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab') return
    // Keep Tab inside the dialog while it is open.
    const focusable = Array.from(
      dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled]), textarea:not([disabled])') ??
        [],
    )
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

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const problem = reasonProblem(reason)
    if (problem) {
      setError(problem)
      fieldRef.current?.focus()
      return
    }
    onConfirm(reason.trim())
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <button
        type="button"
        aria-label="Close dialog"
        tabIndex={-1}
        onClick={() => (pending ? undefined : onClose())}
        className="absolute inset-0 cursor-default bg-black/60"
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
        onKeyDown={onKeyDown}
        className="relative w-full max-w-md rounded-xl border border-line-strong bg-surface p-5 shadow-panel"
      >
        <h2 id={ids.title} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <div id={ids.description} className="mt-2 text-sm text-muted">
          {description}
        </div>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
          <Textarea
            ref={fieldRef}
            label={
              <>
                Reason <span className="font-normal text-muted">(kept in the audit log)</span>
              </>
            }
            value={reason}
            onChange={(event) => {
              setReason(event.target.value)
              if (error) setError(null)
            }}
            rows={3}
            maxLength={MOD_LIMITS.reasonMaxLength}
            disabled={pending}
            error={error}
            className="min-h-20"
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  )
}
