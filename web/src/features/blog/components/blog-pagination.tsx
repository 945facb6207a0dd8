import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { blogPageSummary, blogPageWindow } from '../format'

export interface BlogPaginationProps {
  page: number
  totalPages: number
  totalBlogs: number
  onPageChange: (page: number) => void
}

/** Previous, up to 5 page numbers, Next, and the "Page X of Y (N total articles)" line. */
export function BlogPagination({ page, totalPages, totalBlogs, onPageChange }: BlogPaginationProps) {
  if (totalPages <= 0) return null
  return (
    <div className="flex flex-col items-center gap-3">
      {totalPages > 1 ? (
        <nav aria-label="Blog pages" className="flex flex-wrap items-center justify-center gap-1.5">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          {blogPageWindow(page, totalPages).map((number) => (
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
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
      <p className="font-mono text-xs text-muted" aria-live="polite">
        {blogPageSummary(page, totalPages, totalBlogs)}
      </p>
    </div>
  )
}
