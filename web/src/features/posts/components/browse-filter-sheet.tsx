import type { Category } from '@bashboard/server/contract'
import { useId, useState } from 'react'
import { cn } from '../../../lib/cn'
import type { BrowseFilters } from '../browse-filters'
import { FilterPanel } from './browse-filter-panel'
import { SEARCH_MODE_NOTE } from './search-mode-note'

export interface SheetFiltersProps {
  categories: readonly Category[]
  /** The selected category's id or slug; '' for all. */
  category: string
  /** Search mode ignores the category. */
  categoryDisabled: boolean
  filters: BrowseFilters
  onApply: (filters: BrowseFilters, category: string) => void
}

/**
 * What the phone's Filters sheet holds: the category (the sidebar's list sits below the posts on a
 * phone, so it is offered here, at the top) and the advanced filters, applied together.
 */
export function SheetFilters({
  categories,
  category,
  categoryDisabled,
  filters,
  onApply,
}: SheetFiltersProps) {
  const selectId = useId()
  const noteId = useId()
  const selected = categories.find((row) => row._id === category || row.slug === category)
  const [choice, setChoice] = useState(selected?.slug ?? category)
  return (
    <FilterPanel value={filters} onApply={(next) => onApply(next, choice)}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-fg">
          Category
        </label>
        <select
          id={selectId}
          value={choice}
          disabled={categoryDisabled}
          title={categoryDisabled ? 'Search results cover every category' : undefined}
          aria-describedby={categoryDisabled ? noteId : undefined}
          onChange={(event) => setChoice(event.target.value)}
          className={cn(
            'h-10 rounded-md border border-line bg-surface-2 px-2 text-sm text-fg disabled:opacity-55',
          )}
        >
          <option value="">All Categories</option>
          {categories.map((row) => (
            <option key={row._id} value={row.slug}>
              {row.name} ({row.postCount})
            </option>
          ))}
        </select>
        {categoryDisabled ? (
          <p id={noteId} className="text-xs text-muted">
            {SEARCH_MODE_NOTE}
          </p>
        ) : null}
      </div>
    </FilterPanel>
  )
}
