import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { cn } from '../../lib/cn'

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> {
  /** The label; may hold links (e.g. to the terms), which stay separately clickable. */
  label: ReactNode
  error?: string | undefined
  id?: string
}

/** A native checkbox with its label and an optional error message. */
export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-(--bb-accent)', className)}
          {...rest}
        />
        <label htmlFor={inputId} className="cursor-pointer text-sm leading-5 text-muted">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="pl-6.5 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
