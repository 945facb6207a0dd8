import type { Database } from '@bashboard/db'
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { PostCardRow } from '../posts/repo.ts'
import { selectPostCards } from '../posts/repo.ts'
import { allOf, type BrowseFilters, filterConditions } from './filters.ts'
import { type BrowseOptions, browseOrder, trendingSince } from './repo.ts'

/**
 * Filtered totals are counted up to this many matches, as search results are: past it the pager shows
 * this many, so a broad filter ("score at least 0") never counts the whole table.
 */
export const FILTER_COUNT_CAP = 1000

/** Browse options with filters. */
export interface FilteredBrowseOptions extends BrowseOptions {
  filters: BrowseFilters
}

/** The filters and the category over posts aliased `p`. */
function postConditions(opts: FilteredBrowseOptions): RawBuilder<SqlBool> {
  return allOf([
    ...filterConditions(opts.filters, 'p'),
    ...(opts.categoryId ? [sql<SqlBool>`p.category_id = ${opts.categoryId}`] : []),
  ])
}

/**
 * `p.id IN (…)` for one filtered page. Each sort reads its usual ordering (posts by date, or the rank
 * tables of migrations 0006 and 0010) joined to the posts the filters keep, so the planner may either
 * walk the ordering and check each post (broad filters: it stops after a page of matches) or find the
 * matches through a filter's index and sort those (narrow filters: a rare tag, a short date range).
 */
function filteredPostIds(opts: FilteredBrowseOptions): RawBuilder<SqlBool> {
  const where = postConditions(opts)
  const window = sql`LIMIT ${opts.limit} OFFSET ${opts.offset}`
  switch (opts.sort) {
    case 'upvotes':
    case 'views': {
      const column = sql.ref(opts.sort === 'upvotes' ? 'r.uplike_count' : 'r.view_count')
      return sql<SqlBool>`p.id IN (
        SELECT r.post_id FROM counters.post_ranks r JOIN posts p ON p.id = r.post_id
        WHERE ${where} ORDER BY ${column} DESC, r.created_at DESC ${window}
      )`
    }
    case 'trending':
      return sql<SqlBool>`p.id IN (
        SELECT r.post_id FROM counters.trending_ranks r JOIN posts p ON p.id = r.post_id
        WHERE r.created_at >= ${trendingSince} AND ${where}
        ORDER BY r.score DESC, r.created_at DESC ${window}
      )`
    default:
      return sql<SqlBool>`p.id IN (
        SELECT p.id FROM posts p WHERE ${where} ORDER BY p.created_at DESC ${window}
      )`
  }
}

/** The query of one filtered browse page, in the sort's order (exposed so tests can EXPLAIN it). */
export function filteredPageQuery(db: Kysely<Database>, opts: FilteredBrowseOptions) {
  let page = selectPostCards(db).where(filteredPostIds(opts))
  for (const key of browseOrder(opts.sort)) page = page.orderBy(key, 'desc')
  return page
}

/** The statement counting a filtered browse's matches, up to {@link FILTER_COUNT_CAP}. */
export function filteredCountQuery(opts: FilteredBrowseOptions) {
  const where = postConditions(opts)
  // Trending lists only the posts of its window.
  const from =
    opts.sort === 'trending'
      ? sql`posts p JOIN counters.trending_ranks r ON r.post_id = p.id AND r.created_at >= ${trendingSince}`
      : sql`posts p`
  return sql<{ n: string }>`SELECT count(*) AS n
    FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${FILTER_COUNT_CAP}) m`
}

/** One filtered browse page and the number of matches (at most {@link FILTER_COUNT_CAP}). */
export async function filteredBrowsePosts(
  db: Kysely<Database>,
  opts: FilteredBrowseOptions,
): Promise<{ rows: PostCardRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filteredPageQuery(db, opts).execute(),
    filteredCountQuery(opts).execute(db),
  ])
  return { rows, total: Number(count.rows[0]?.n ?? 0) }
}
