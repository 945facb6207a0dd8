import { cn } from '../../../lib/cn'

/** The seed's fallback text of an empty advertisement slot (SEED-SPEC §2). */
export const AD_FALLBACK_TEXT = '[Advertisement Space - 728x90]'

/** An advertisement slot showing its fallback until ads are served. */
export function AdSlot({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Advertisement"
      className={cn(
        'flex min-h-20 w-full max-w-[728px] items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-2/60 px-3 py-4 text-center font-mono text-xs text-muted',
        className,
      )}
    >
      {AD_FALLBACK_TEXT}
    </aside>
  )
}
