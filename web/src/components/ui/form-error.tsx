import type { ReactNode } from 'react'

/**
 * The error line under a field that draws its own control (a select, an editor); `Input` and
 * `Textarea` draw theirs. The field points at `id` with aria-describedby and sets aria-invalid.
 */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger">
      {children}
    </p>
  )
}

/** A refusal that names no field (e.g. "You already have an application under review"), above the submit. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-danger/50 bg-danger-soft px-3 py-2 text-sm text-danger"
    >
      {children}
    </p>
  )
}
