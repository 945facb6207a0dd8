import type { BrowseResponse } from '@bashboard/server/contract'
import { countOf, groupDigits } from '@bashboard/server/contract/plurals'
import { SEARCH_COUNT_CAP } from '@bashboard/server/contract/values'
import { Link } from '@tanstack/react-router'

export interface BrowseResultSummaryProps {
  /** The answer shown; its search term is the one sent (trimmed). */
  data: Pick<BrowseResponse, 'pagination' | 'search' | 'correctedSearch'>
  /** The category's name when the list is of one category (outside search mode). */
  categoryName: string | undefined
  /** Whether filters narrow the list. */
  filtered: boolean
}

/**
 * "23 commands found", "1,000+ commands found" past the server's count cap. "Found" rather than
 * "match", whose verb would need a singular of its own (contract/plurals.ts is the one plural rule).
 */
function foundCount(total: number, capped: boolean): string {
  if (capped && total >= SEARCH_COUNT_CAP) return `${groupDigits(SEARCH_COUNT_CAP)}+ commands found`
  return `${countOf(total, 'command')} found`
}

function Term({ children }: { children: string }) {
  return <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-fg">{children}</code>
}

/**
 * What the list answers, said plainly (issue 48): how many commands match the search, the category or
 * the filters, and, when the server corrected a misspelt word, what it searched for instead, with a
 * link that searches the words as typed. Nothing for the unfiltered list, whose total the pagination
 * line already gives.
 */
export function BrowseResultSummary({ data, categoryName, filtered }: BrowseResultSummaryProps) {
  const total = data.pagination.totalPosts
  const search = data.search
  if (search !== null) {
    const corrected = data.correctedSearch
    return (
      <div className="flex flex-col gap-1 text-sm text-muted">
        <p>
          {foundCount(total, true)} for <Term>{corrected ?? search}</Term>
          {filtered ? ' with these filters' : null}
        </p>
        {corrected ? (
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span>
              Showing results for <Term>{corrected}</Term>
            </span>
            <Link
              to="/browse"
              search={(previous) => ({ ...previous, search, exact: true, page: undefined })}
              replace
              className="rounded-sm font-medium text-accent-text underline-offset-4 hover:underline"
            >
              Search for <span className="font-mono">{search}</span> instead
            </Link>
          </p>
        ) : null}
      </div>
    )
  }
  if (!categoryName && !filtered) return null
  return (
    <p className="text-sm text-muted">
      {categoryName ? `${countOf(total, 'command')} in ${categoryName}` : foundCount(total, false)}
      {filtered ? ' with these filters' : null}
    </p>
  )
}
