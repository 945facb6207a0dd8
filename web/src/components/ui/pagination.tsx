import { ChevronLeft, ChevronRight } from 'lucide-react'
import { cn } from '../../lib/cn'
import { Button } from './button'

/** At most this many numbered page buttons (docs/product-rules.md#lists). */
export const PAGE_WINDOW = 5

/** The numbered pages to show: a window of up to 5 around `page`, shifted to stay inside 1..totalPages. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages <= 0) return []
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1))
  const end = Math.min(totalPages, start + size - 1)
  return Array.from({ length: end - start + 1 }, (_, index) => start + index)
}

export interface PaginationProps {
  page: number
  totalPages: number
  onPageChange: (page: number) => void
  /** Accessible name of the navigation landmark, distinct per list ("Blog pages"). */
  label?: string
}

/**
 * Previous, up to 5 page numbers, Next. Renders nothing for a single page; the caller shows its own
 * "Page X of Y" line because each list words its total differently.
 */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {/* Icon-only on phones so the row fits at 360 px; the label stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Previous</span>
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => onPageChange(number)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded-md border font-mono text-sm tabular-nums transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            number === page
              ? 'border-accent bg-accent text-accent-fg'
              : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
          )}
        >
          {number}
        </button>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        <span className="sr-only sm:not-sr-only">Next</span>
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  )
}
