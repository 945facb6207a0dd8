import type { LucideIcon, LucideProps } from 'lucide-react'
import { Suspense } from 'react'
import { cn } from '../../lib/cn'
import { preloadable } from '../../lib/preloadable'

type FrameIconProps = LucideProps & { className: string }

/** An icon of the frame, and how to ask for its code before it is drawn. */
export interface FrameIcon {
  (props: FrameIconProps): React.ReactNode
  preload: () => Promise<unknown>
}

/**
 * An icon of the page frame (header, theme toggle) loaded by its own import, `lucide-react/icons/<name>`,
 * so the icon library stays out of the entry chunk (scripts/check-web-budget.mjs): its chunk comes with
 * the first route's own icons. Until it has, an empty box of the icon's size holds its place. Icons here
 * are decorative (aria-hidden).
 */
export function lazyIcon(load: () => Promise<{ default: LucideIcon }>): FrameIcon {
  const icon = preloadable(() => load().then((module) => module.default))
  function Icon({ className, ...props }: FrameIconProps) {
    return (
      <Suspense fallback={<span aria-hidden="true" className={cn('inline-block shrink-0', className)} />}>
        <icon.Component aria-hidden="true" className={className} {...props} />
      </Suspense>
    )
  }
  return Object.assign(Icon, { preload: icon.preload })
}
