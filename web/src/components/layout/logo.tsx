import { Link } from '@tanstack/react-router'
import { cn } from '../../lib/cn'

/** The prompt glyph and the product name, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('group inline-flex items-center gap-2.5 rounded-md', className)}>
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-md border border-line-strong bg-terminal font-mono text-sm font-bold text-[#4ade80] shadow-sm"
      >
        &gt;_
      </span>
      <span className="font-mono text-lg font-bold tracking-tight text-fg">
        Bash<span className="text-accent-text">board</span>
      </span>
    </Link>
  )
}
