import { cn } from '../../lib/cn'

/** The page names ads are grouped by (DESIGN §4). */
export type AdPage = 'Homepage' | 'BrowsePage' | 'Leaderboard' | 'PostDetails' | 'Blog'
/** The slot groups of a page (SEED-SPEC §2). */
export type AdSlotName = 'ads1' | 'ads2' | 'ads3' | 'ads4'

/** The seed's fallback text of an empty advertisement slot (SEED-SPEC §2). */
export const AD_FALLBACK_TEXT = '[Advertisement Space - 728x90]'

export interface AdSlotProps {
  page: AdPage
  slot: AdSlotName
  /** A banner is at most 728×90; a box fills its column. */
  variant?: 'banner' | 'box'
  className?: string
}

/**
 * An advertisement slot. Shows the seed's fallback text until the ads engineer serves real ads here
 * (the props already name the page and slot group it will load).
 */
export function AdSlot({ variant = 'banner', className }: AdSlotProps) {
  return (
    <aside
      aria-label="Advertisement"
      className={cn(
        'flex w-full items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-2/60 px-3 py-4 text-center font-mono text-xs text-muted',
        variant === 'banner' ? 'mx-auto max-h-[90px] min-h-20 max-w-[728px]' : 'min-h-40',
        className,
      )}
    >
      {AD_FALLBACK_TEXT}
    </aside>
  )
}
