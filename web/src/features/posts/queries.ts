import type { BrowseResponse, BrowseSort, PostDetailResponse } from '@bashboard/server/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api-client'
import type { BrowseFilterSearch } from './browse-filters'

/*
 * What the routes' loaders need: keys and query options, without the vote mutation and the cache
 * patching of api.ts and cache.ts. The loaders are in the entry chunk, so this keeps those out of it.
 */

/** Browse sorts in the order of the sort select (its labels are the page's, outside the entry chunk). */
export const BROWSE_SORTS: readonly BrowseSort[] = ['latest', 'trending', 'upvotes', 'views']

/** What a Browse page shows: the URL's query, normalised (page ≥ 1, empty strings for "none"). */
export interface BrowseParams {
  page: number
  search: string
  /** With a search: its words as typed, no spelling corrections; absent otherwise. */
  exact?: boolean
  category: string
  sort: BrowseSort
  /** Tags, dates, flags and score as the URL writes them (browse-filters.ts); absent for none. */
  filters?: BrowseFilterSearch
}

/** Query keys of posts data. */
export const postKeys = {
  all: ['posts'] as const,
  browses: () => [...postKeys.all, 'browse'] as const,
  browse: (params: BrowseParams) => [...postKeys.browses(), params] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (slug: string) => [...postKeys.details(), slug] as const,
  /** Posts created (pushed live) since the browse list was loaded; Browse offers to show them. */
  incoming: () => [...postKeys.all, 'incoming'] as const,
}

/** The browse request's query string; search mode sends only the search term and the page. */
export function browseQueryString(params: BrowseParams): string {
  const query = new URLSearchParams({ page: String(params.page) })
  const search = params.search.trim()
  if (search) {
    query.set('search', search)
    if (params.exact) query.set('exact', 'true')
  } else {
    query.set('sort', params.sort)
    if (params.category) query.set('category', params.category)
  }
  // The filters apply in both modes.
  for (const [key, value] of Object.entries(params.filters ?? {})) query.set(key, String(value))
  return query.toString()
}

/** One page of browse or search results (GET /api/website/browse). */
export function browseQueryOptions(params: BrowseParams) {
  return queryOptions({
    queryKey: postKeys.browse(params),
    queryFn: ({ signal }) =>
      apiFetch<BrowseResponse>(`/api/website/browse?${browseQueryString(params)}`, {
        signal,
        fallbackMessage: 'Failed to fetch browse data',
      }),
  })
}

/** A post with the caller's vote and related posts (GET /api/posts/{slug}). */
export function postDetailQueryOptions(slug: string) {
  return queryOptions({
    queryKey: postKeys.detail(slug),
    queryFn: ({ signal }) =>
      apiFetch<PostDetailResponse>(`/api/posts/${encodeURIComponent(slug)}`, {
        signal,
        fallbackMessage: 'Failed to fetch post by slug',
      }),
  })
}
