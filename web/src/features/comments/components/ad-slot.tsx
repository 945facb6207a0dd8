/**
 * A banner ad slot between comments (at most 728×90). No ad inventory is wired to the comments list,
 * so it shows the seed's fallback text, as the spec does when no ad is available.
 */
export function CommentAdSlot() {
  return (
    <aside
      aria-label="Advertisement"
      className="mx-auto flex h-[90px] max-h-[90px] w-full max-w-[728px] items-center justify-center rounded-lg border border-dashed border-line-strong bg-surface-2/60 px-4 text-center font-mono text-xs text-muted"
    >
      [Advertisement Space - 728x90]
    </aside>
  )
}
