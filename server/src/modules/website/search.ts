import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PostCardRow } from '../posts/repo.ts'
import { type BrowseFilters, hasFilters, NO_FILTERS } from './filters.ts'
import type { SearchIndex } from './search-index.ts'
import { searchPageOfPool, searchPostsInDatabase } from './search-repo.ts'

/**
 * Matches the in-memory index hands PostgreSQL to order exactly, per chunk of its own order. Its rank
 * (the best weight of each word) already puts the best matches first: a chunk of one page gave the
 * first page a pool of 200 gives in 96 % of the varied benchmark's searches on 100k posts (97 % with
 * 50), and the statement that orders it is the search's main cost (1.6 ms against 2.2 ms for 50, side
 * by side; bench/README.md).
 */
export const SEARCH_INDEX_RERANK_CHUNK = 20

/** One page of search results (see {@link searchPosts}). */
export interface SearchPage {
  /** The page's posts in order. */
  ids: string[]
  /** The cards of the page's posts, but for those the caller said it holds (`held`). */
  rows: PostCardRow[]
  /** How many posts match (at most SEARCH_COUNT_CAP). */
  total: number
}

/**
 * One page of search results and the number of posts that match (at most SEARCH_COUNT_CAP). The
 * in-memory index (search-index.ts) finds, counts and pre-ranks the matches and one statement orders
 * the best of them; a search with browse filters, one the index cannot read, or any search before the
 * index is built runs wholly in PostgreSQL (search-repo.ts). Both give the same page whenever the
 * matches fit in the re-ranked pool. `held` tells, among the candidates the index found, the posts
 * whose cards the caller already holds: their cards are not read (the database path reads every card).
 */
export async function searchPosts(
  db: Kysely<Database>,
  index: SearchIndex | null,
  search: string,
  opts: {
    limit: number
    offset: number
    filters?: BrowseFilters
    held?: (candidates: readonly string[]) => readonly string[]
  },
): Promise<SearchPage> {
  if (index?.ready && !hasFilters(opts.filters ?? NO_FILTERS)) {
    const tsquery = await index.tsqueryOf(search)
    if (tsquery === null) return { ids: [], rows: [], total: 0 }
    const chunk = SEARCH_INDEX_RERANK_CHUNK
    const found = index.match(tsquery, Math.ceil((opts.offset + opts.limit) / chunk) * chunk)
    if (found) {
      if (found.ids.length <= opts.offset) return { ids: [], rows: [], total: found.total }
      const held = opts.held?.(found.ids) ?? []
      const page = await searchPageOfPool(db, search, tsquery, found.ids, chunk, opts, held)
      return { ...page, total: found.total }
    }
  }
  const { rows, total } = await searchPostsInDatabase(db, search, opts)
  return { ids: rows.map((row) => row.id), rows, total }
}
