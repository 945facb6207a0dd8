import { useState } from 'react'
import { cn } from '../../lib/cn'

export interface AvatarProps {
  /** Whose avatar this is; its initials are the fallback. */
  name: string
  src?: string | null | undefined
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const dimensions = { sm: 'size-7 text-[11px]', md: 'size-9 text-xs', lg: 'size-16 text-lg' }

/** Up to two initials from a username: "demo_member" → "DM", "alice" → "AL". */
export function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean)
  if (parts.length === 0) return '?'
  const [first = '', second] = parts
  const letters = second ? `${first[0] ?? ''}${second[0] ?? ''}` : first.slice(0, 2)
  return letters.toUpperCase()
}

/**
 * A round avatar image, falling back to initials when there is no image or it fails to load. Decorative:
 * it always sits next to the name, so screen readers skip it.
 */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const showImage = Boolean(src) && failedSrc !== src
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-line-strong',
        'bg-accent-soft font-mono font-semibold text-accent-text',
        dimensions[size],
        className,
      )}
    >
      {showImage && src ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        initialsOf(name)
      )}
    </span>
  )
}
