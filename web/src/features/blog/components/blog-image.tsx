import { BookOpen } from 'lucide-react'
import { useState } from 'react'
import { cn } from '../../../lib/cn'

export interface BlogImageProps {
  src: string | null
  alt: string
  className?: string
  /** Hero images load at once; card images wait until they scroll near. */
  eager?: boolean
}

/** A same-origin path or an http(s) URL; anything else is treated as missing. */
function usableSource(src: string | null): string | null {
  const value = src?.trim() ?? ''
  if (value.startsWith('/') && !value.startsWith('//')) return value
  return /^https?:\/\/\S+$/i.test(value) ? value : null
}

/**
 * An article's image, or a placeholder when there is none or it fails to load (docs/product-rules.md#blog).
 */
export function BlogImage({ src, alt, className, eager = false }: BlogImageProps) {
  const source = usableSource(src)
  const [failedSource, setFailedSource] = useState<string | null>(null)
  if (source === null || failedSource === source) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (no image)` : 'No image'}
        data-testid="blog-image-placeholder"
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-surface-2 to-surface-3 text-muted',
          className,
        )}
      >
        <span aria-hidden="true" className="flex items-center gap-2 font-mono text-sm">
          <BookOpen className="size-5 text-accent-text" />
          <span>$ cat article.md</span>
        </span>
      </div>
    )
  }
  return (
    <img
      src={source}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSource(source)}
      className={cn('object-cover', className)}
    />
  )
}
