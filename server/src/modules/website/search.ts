import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PostCardRow } from '../posts/repo.ts'
import { type BrowseFilters, hasFilters, NO_FILTERS } from './filters.ts'
import type { SearchIndex, SearchMatch } from './search-index.ts'
import { rankPattern, searchRank } from './search-rank.ts'
import { chunkEnd, chunkStart, readCards, searchPageOfPool, searchPostsInDatabase } from './search-repo.ts'

/**
 * Matches of the in-memory index ordered exactly, per chunk of its own order. Its rank (the best weight
 * of each word) already puts the best matches first: a chunk of one page gave the first page a pool of
 * 200 gives in 96 % of the varied benchmark's searches on 100k posts (97 % with 50), and ordering is
 * what a chunk costs (in the statement: 1.6 ms against 2.2 ms for 50, side by side; bench/README.md).
 */
export const SEARCH_INDEX_RERANK_CHUNK = 20

/** One page of search results (see {@link searchPosts}). */
export interface SearchPage {
  /** The page's posts in order. */
  ids: string[]
  /** The cards of the page's posts, but for those the caller said it holds (`held`), in page order. */
  rows: PostCardRow[]
  /** How many posts match (at most SEARCH_COUNT_CAP). */
  total: number
  /** The misspelt words the search corrected, each with the word searched in its place. */
  corrections: Array<[string, string]>
}

/**
 * One page of search results and the number of posts that match (at most SEARCH_COUNT_CAP). The
 * in-memory index (search-index.ts) finds, counts and pre-ranks the matches, and the best of them are
 * ordered exactly: in memory when the index keeps what ranking them needs (search-rank.ts), else by
 * one statement that also reads it for the next time. A search with browse filters, one the index
 * cannot read, or any search before the index is built runs wholly in PostgreSQL (search-repo.ts).
 * Both give the same page whenever the matches fit in the re-ranked pool. `held` tells, among the
 * candidates the index found, the posts whose cards the caller already holds: their cards are not
 * read (the database path reads every card), so a search of posts searched lately runs no statement.
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
    /** No spelling corrections: the words as typed (and their prefixes). */
    exact?: boolean
  },
): Promise<SearchPage> {
  if (index?.ready && !hasFilters(opts.filters ?? NO_FILTERS)) {
    const { tsquery, corrections } = await index.resolve(search, { exact: opts.exact ?? false })
    if (tsquery === null) return { ids: [], rows: [], total: 0, corrections }
    const chunk = SEARCH_INDEX_RERANK_CHUNK
    const found = index.match(tsquery, chunkEnd(opts, chunk))
    if (found) {
      if (found.ids.length <= opts.offset) return { ids: [], rows: [], total: found.total, corrections }
      const held = opts.held?.(found.ids) ?? []
      const ids = pageInMemory(search, found, chunk, opts)
      if (ids) {
        const holding = new Set(held)
        const missing = ids.filter((id) => !holding.has(id))
        const read = missing.length > 0 ? await readCards(db, missing) : []
        const byId = new Map(read.map((row) => [row.id, row]))
        const rows = missing.flatMap((id) => byId.get(id) ?? [])
        const shown = ids.filter((id) => holding.has(id) || byId.has(id))
        return { ids: shown, rows, total: found.total, corrections }
      }
      // Only the chunks the window covers are ranked: a deep page's earlier candidates are not read.
      const first = chunkStart(opts.offset, chunk)
      const wanted = found.ids.filter((_, i) => i >= first && found.documents[i] === undefined)
      const page = await searchPageOfPool(db, search, tsquery, found.ids, chunk, opts, held, wanted)
      found.keep(page.sources)
      return { ids: page.ids, rows: page.rows, total: found.total, corrections }
    }
  }
  const { rows, total, corrections } = await searchPostsInDatabase(db, search, opts)
  return { ids: rows.map((row) => row.id), rows, total, corrections }
}

/**
 * The window's ids ordered as searchPageOfPool orders them (per chunk, by rank, ties by newest), when
 * the index keeps every candidate's rank document and search-rank.ts can rank them all; else null.
 */
function pageInMemory(
  search: string,
  found: SearchMatch,
  chunk: number,
  window: { limit: number; offset: number },
): string[] | null {
  const first = chunkStart(window.offset, chunk)
  const end = Math.min(chunkEnd(window, chunk), found.ids.length)
  const pattern = rankPattern(search, found.query)
  const ranked: Array<{ id: string; chunk: number; rank: number; created: number }> = []
  for (let i = first; i < end; i++) {
    const document = found.documents[i]
    if (!document) return null
    const rank = searchRank(pattern, document)
    if (rank === null) return null
    ranked.push({
      id: found.ids[i] as string,
      chunk: Math.floor(i / chunk),
      rank,
      created: found.created[i] as number,
    })
  }
  ranked.sort((a, b) => a.chunk - b.chunk || b.rank - a.rank || b.created - a.created)
  return ranked.slice(window.offset - first, window.offset - first + window.limit).map((entry) => entry.id)
}
