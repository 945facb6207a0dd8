import { Globe, Lock } from 'lucide-react'
import { cn } from '../../../lib/cn'

/** "Public" or "Private", as a small pill. */
export function VisibilityBadge({ isPublic, className }: { isPublic: boolean; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        isPublic ? 'bg-accent-soft text-accent-text' : 'bg-surface-3 text-muted',
        className,
      )}
    >
      {isPublic ? (
        <Globe aria-hidden="true" className="size-3.5" />
      ) : (
        <Lock aria-hidden="true" className="size-3.5" />
      )}
      {isPublic ? 'Public' : 'Private'}
    </span>
  )
}
