import type { BrowseSort } from '@bashboard/server/contract'
import { createFileRoute } from '@tanstack/react-router'
import type { BrowseFilterSearch } from '../features/posts/browse-filters'
import { BrowsePage } from '../features/posts/components/browse-page'
import { BROWSE_SORTS, type BrowseParams, browseQueryOptions } from '../features/posts/queries'

export interface BrowseSearch extends BrowseFilterSearch {
  page?: number
  search?: string
  /** Search the words as typed: no spelling corrections ("Search for `gerp` instead"). */
  exact?: boolean
  category?: string
  sort?: BrowseSort
}

const sorts = new Set<string>(BROWSE_SORTS)

/** The URL's query, forgiving: a bad page is 1, an unknown sort is latest (docs/product-rules.md#lists). */
function validateSearch(raw: Record<string, unknown>): BrowseSearch {
  // The rest are the filters, passed as they are: the page (loaded with /browse, not with the app)
  // reads them and puts malformed or unknown ones right, keeping that parsing out of the first download.
  const { page: _page, search: _search, exact: _exact, category: _category, sort: _sort, ...filters } = raw
  const page = Number.parseInt(String(raw.page ?? ''), 10)
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
  const search = text(raw.search)
  const category = text(raw.category)
  const sort = text(raw.sort)
  return {
    ...(Number.isFinite(page) && page > 1 ? { page } : {}),
    ...(search?.trim() ? { search } : {}),
    // Only with a search, which it qualifies.
    ...(search?.trim() && (raw.exact === true || raw.exact === 'true') ? { exact: true } : {}),
    ...(category ? { category } : {}),
    ...(sort && sorts.has(sort) && sort !== 'latest' ? { sort: sort as BrowseSort } : {}),
    ...(filters as BrowseFilterSearch),
  }
}

function toParams(search: BrowseSearch): BrowseParams {
  const { page: _page, search: _search, exact: _exact, category: _category, sort: _sort, ...filters } = search
  return {
    page: search.page ?? 1,
    search: search.search?.trim() ?? '',
    ...(search.exact ? { exact: true } : {}),
    category: search.category ?? '',
    sort: search.sort ?? 'latest',
    // Only when set, so an unfiltered page shares its cache entry with links that name no filters.
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  }
}

/** Only non-default values go into the URL, so /browse stays /browse. */
function toSearch(params: BrowseParams): BrowseSearch {
  const { filters, ...rest } = params
  return validateSearch({ ...rest, ...filters })
}

export const Route = createFileRoute('/browse')({
  validateSearch,
  loaderDeps: ({ search }) => toParams(search),
  // The page shows its own error (and toast) when the list cannot load; the route must still render.
  // A new query on the page itself (typing, sort, filters, a page) is not waited for: the page keeps its
  // list on screen, dimmed, until the next one comes (keepPreviousData), and never shows its pending state.
  loader: ({ context, deps, cause }) =>
    cause === 'stay'
      ? undefined
      : context.queryClient.ensureQueryData(browseQueryOptions(deps)).catch(() => undefined),
  component: BrowseRoute,
})

function BrowseRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <BrowsePage
      params={toParams(search)}
      onParamsChange={(next, options) => navigate({ search: toSearch(next), replace: !options?.push })}
    />
  )
}
