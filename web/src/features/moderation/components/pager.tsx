import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '../../../components/ui/button'

export interface PagerProps {
  page: number
  totalPages: number
  onChange: (page: number) => void
  /** Names the list in the buttons' labels ("Previous page of posts"). */
  label: string
}

/** Previous / Next with "Page X of Y"; hidden when everything fits on one page. */
export function Pager({ page, totalPages, onChange, label }: PagerProps) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-between gap-3 pt-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <span className="font-mono text-xs text-muted" aria-current="page">
        Page {page} of {totalPages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  )
}
