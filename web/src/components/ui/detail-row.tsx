import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

export interface DetailRowProps {
  /** A decorative icon before the label (aria-hidden by the caller). */
  icon: ReactNode
  label: string
  children: ReactNode
  /** The value's style: figures are mono and tabular, names and dates plain. */
  valueClassName?: string
}

/** One term/value line of a side card's `<dl>` (a post's statistics, an article's details). */
export function DetailRow({ icon, label, children, valueClassName }: DetailRowProps) {
  return (
    <div className="flex items-center justify-between gap-3 py-2 text-sm">
      <dt className="flex items-center gap-2 text-muted">
        {icon}
        {label}
      </dt>
      <dd className={cn('font-medium text-fg', valueClassName)}>{children}</dd>
    </div>
  )
}
