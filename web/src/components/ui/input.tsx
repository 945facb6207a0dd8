import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn'

export const fieldClasses =
  'h-11 w-full rounded-md border bg-surface-2 px-3 text-sm text-fg placeholder:text-muted/80 ' +
  'transition-colors hover:border-line-strong focus-visible:border-accent focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-accent/40'

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string
  /** Shown under the field in the danger colour and linked with aria-describedby. */
  error?: string | undefined
  hint?: ReactNode
  /** Extra content inside the field's right edge (the password toggle). */
  trailing?: ReactNode
  /** Optional element beside the label (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode
  id?: string
}

/** A labelled text field with an optional hint and error message. */
export function Input({ label, error, hint, trailing, labelAside, id, className, ...rest }: InputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            fieldClasses,
            error ? 'border-danger' : 'border-line',
            trailing ? 'pr-11' : undefined,
            className,
          )}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
