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

/**
 * One page of search results and the number of posts that match (at most SEARCH_COUNT_CAP). The
 * in-memory index (search-index.ts) finds, counts and pre-ranks the matches and one statement orders
 * the best of them; a search with browse filters, one the index cannot read, or any search before the
 * index is built runs wholly in PostgreSQL (search-repo.ts). Both give the same page whenever the
 * matches fit in the re-ranked pool.
 */
export async function searchPosts(
  db: Kysely<Database>,
  index: SearchIndex | null,
  search: string,
  opts: { limit: number; offset: number; filters?: BrowseFilters },
): Promise<{ rows: PostCardRow[]; total: number }> {
  if (index?.ready && !hasFilters(opts.filters ?? NO_FILTERS)) {
    const tsquery = await index.tsqueryOf(search)
    if (tsquery === null) return { rows: [], total: 0 }
    const chunk = SEARCH_INDEX_RERANK_CHUNK
    const found = index.match(tsquery, Math.ceil((opts.offset + opts.limit) / chunk) * chunk)
    if (found) {
      const rows =
        found.ids.length <= opts.offset
          ? []
          : await searchPageOfPool(db, search, tsquery, found.ids, chunk, opts)
      return { rows, total: found.total }
    }
  }
  return searchPostsInDatabase(db, search, opts)
}
