import type { HTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

/** A bordered surface that groups related content. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-line bg-surface shadow-panel', className)} {...rest} />
}
