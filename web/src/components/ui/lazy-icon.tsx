import type { LucideIcon, LucideProps } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { cn } from '../../lib/cn'

/**
 * An icon of the page frame (header, theme toggle) loaded by its own import, `lucide-react/icons/<name>`,
 * so the icon library stays out of the entry chunk (scripts/check-web-budget.mjs): the chunk arrives with
 * the first route's own icons. Until it has, an empty box of the icon's size holds its place, and over
 * the server's HTML the icon the server drew stays as it is. Icons here are decorative (aria-hidden).
 */
export function lazyIcon(load: () => Promise<{ default: LucideIcon }>) {
  const Icon = lazy(load)
  return function FrameIcon({ className, ...props }: LucideProps & { className: string }) {
    return (
      <Suspense fallback={<span aria-hidden="true" className={cn('inline-block shrink-0', className)} />}>
        <Icon aria-hidden="true" className={className} {...props} />
      </Suspense>
    )
  }
}
