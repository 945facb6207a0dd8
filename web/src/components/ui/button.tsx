import type { ButtonHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes'
import { Spinner } from './spinner'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean
}

/** A button in one of the four variants; `type` defaults to "button" so forms only submit on purpose. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(buttonClasses(variant, size), className)}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  )
}
