import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn'
import { fieldClasses } from './input'

export interface TextareaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  /** The label; may hold a muted aside such as "(kept in the audit log)". */
  label: ReactNode
  /** Announced as an alert under the field, which it marks invalid and describes. */
  error?: string | null | undefined
  /** A line under the field (limits, counters), linked with aria-describedby. */
  hint?: ReactNode
  /** Marks the field invalid without an error line of its own (the form shows the message). */
  invalid?: boolean
}

/** A labelled, vertically resizable multi-line field with an optional hint and error message. */
export function Textarea({ label, error, hint, invalid, className, ...rest }: TextareaProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          fieldClasses,
          'h-auto resize-y py-2',
          error ? 'border-danger' : 'border-line',
          className,
        )}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
