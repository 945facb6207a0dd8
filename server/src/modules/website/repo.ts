import type { Database } from '@bashboard/db'
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely'
import type { BrowseSort } from '../../contract/website.ts'
import { TRENDING_GRAVITY, TRENDING_WINDOW_DAYS } from '../../lib/ranking.ts'
import { type PostCardRow, rankedPostIds, selectPostCards } from '../posts/repo.ts'
import type { BrowseFilters } from './filters.ts'

/** A category row as sidebars list it. */
export interface CategoryListRow {
  id: string
  name: string
  slug: string
  post_count: number
}

/** Every category, the most used first (the sidebars show the first 5 or 8), then by name. */
export function listCategories(db: Kysely<Database>): Promise<CategoryListRow[]> {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'post_count'])
    .orderBy('post_count', 'desc')
    .orderBy('name', 'asc')
    .execute()
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The SQL conditions of the filters over the posts aliased `alias` (none when no filter is set). Each
 * can be answered by an index (tags: GIN; dates: the creation date index; the flags: the primary key
 * of post_command_flags, or its partial indexes when the flag is rare); the score is checked on the
 * rows those yield, since indexing a counter on posts would make every vote rewrite the row's index
 * entries. A post whose flags are not computed yet matches neither true nor false.
 */
export function filterConditions(filters: BrowseFilters, alias: 'p' | 'm'): Array<RawBuilder<SqlBool>> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  const conditions: Array<RawBuilder<SqlBool>> = []
  if (filters.tags.length > 0) {
    conditions.push(sql<SqlBool>`${column('tags')} @> ${sql.val(filters.tags)}::text[]`)
  }
  if (filters.from !== null) {
    conditions.push(sql<SqlBool>`${column('created_at')} >= ${`${filters.from}T00:00:00Z`}::timestamptz`)
  }
  if (filters.to !== null) {
    // Inclusive of the whole last day: before the next day's midnight.
    const next = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString()
    conditions.push(sql<SqlBool>`${column('created_at')} < ${next}::timestamptz`)
  }
  for (const [flag, wanted] of [
    ['has_placeholders', filters.hasPlaceholders],
    ['has_warning', filters.hasWarning],
  ] as const) {
    if (wanted === null) continue
    const value = wanted ? sql`f.${sql.ref(flag)}` : sql`NOT f.${sql.ref(flag)}`
    conditions.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM post_command_flags f WHERE f.post_id = ${column('id')} AND ${value})`,
    )
  }
  if (filters.minScore !== null) {
    conditions.push(
      sql<SqlBool>`(${column('uplike_count')} - ${column('downlike_count')}) >= ${filters.minScore}::integer`,
    )
  }
  return conditions
}

/** The conditions joined with AND, or TRUE when there are none. */
export function allOf(conditions: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`
}

/**
 * The trending score, (up − down + comments/2 + views/20) / (age in hours + 2)^1.5, in SQL: the same
 * formula as `trendingScore` in lib/ranking.ts, over a counters.post_ranks row aliased `pr` (migration
 * 0016 keeps every input there) at the statement's `now()`. Computed in float8 like the JavaScript
 * version: numeric arithmetic was ten times slower. Only {@link refreshTrendingRanks} computes it; pages
 * read the scores it stored.
 */
const TRENDING_SCORE = sql<number>`(
  ((pr.uplike_count - pr.downlike_count)::float8 + pr.comments_count / 2.0::float8 + pr.view_count / 20.0::float8)
  / power(
    greatest(0::float8, extract(epoch from (now() - pr.created_at))::float8 / 3600.0::float8) + 2::float8,
    ${TRENDING_GRAVITY}::float8
  )
)`

/** A post's stored trending score (counters.trending_ranks, migration 0010), by primary key. */
const STORED_TRENDING_SCORE = sql<number>`(SELECT r.score FROM counters.trending_ranks r WHERE r.post_id = p.id)`

/** The order keys of a browse sort, all descending: the sort's own key, then newest. */
export function browseOrder(sort: BrowseSort): Array<RawBuilder<unknown>> {
  const newest = sql`p.created_at`
  switch (sort) {
    case 'trending':
      return [STORED_TRENDING_SCORE, newest]
    case 'upvotes':
      return [sql`p.uplike_count`, newest]
    case 'views':
      return [sql`p.view_count`, newest]
    default:
      return [newest]
  }
}

/** Browse-mode options: optionally one category, a sort order, and the page window. */
export interface BrowseOptions {
  categoryId?: string
  sort: BrowseSort
  limit: number
  offset: number
}

// The window as a literal rather than a parameter: the statements that use it are prepared, and a
// generic plan that cannot see the bound estimated a third of the table for "older than the window"
// and scanned all of it.
export const trendingSince = sql<Date>`now() - make_interval(days => ${sql.lit(TRENDING_WINDOW_DAYS)})`

/**
 * Which posts a page lists: the sort's ordering, optionally one category, and the window. The category
 * is SQL, so one statement may resolve it (browse-page-repo.ts) or bind a known id (`sql.val(id)`).
 * The window is written as literals (see {@link pageWindow}).
 */
export interface PageIdsOptions {
  sort: BrowseSort
  category?: RawBuilder<string>
  limit: number
  offset: number
}

/**
 * `p.id IN (…)` for one unfiltered browse page. The page's ids are picked from posts or a narrow
 * ranking table alone first, so deep offsets skip index entries rather than joined rows, and authors
 * and categories are joined for those ids only.
 */
export function browsePageIds(opts: PageIdsOptions): RawBuilder<SqlBool> {
  switch (opts.sort) {
    case 'upvotes':
    case 'views':
      return rankedPostIds({
        by: opts.sort,
        categoryId: opts.category,
        limit: opts.limit,
        offset: opts.offset,
      })
    case 'trending':
      return trendingPostIds(opts)
    default:
      return latestPostIds(opts)
  }
}

/** The query of one browse page, ties broken by newest (exposed so tests and the bench can EXPLAIN it). */
export function browsePageQuery(db: Kysely<Database>, opts: BrowseOptions) {
  const { categoryId, ...window } = opts
  let page = selectPostCards(db).where(
    browsePageIds({ ...window, ...(categoryId ? { category: sql.val(categoryId) } : {}) }),
  )
  for (const key of browseOrder(opts.sort)) page = page.orderBy(key, 'desc')
  return page
}

/**
 * `LIMIT … OFFSET …` as literals. With parameters, PostgreSQL's generic plan of a named statement
 * cannot see them and prices the window as a tenth of the table; the plan cache then keeps planning
 * every execution afresh (about 1 ms for the home page, more than running it). Literals keep a first
 * page's text fixed and its generic plan as cheap as a custom one; a deeper page has its own text.
 */
export function pageWindow(limit: number, offset: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) {
    throw new RangeError(`not a page window: limit ${limit}, offset ${offset}`)
  }
  return sql`LIMIT ${sql.lit(limit)} OFFSET ${sql.lit(offset)}`
}

/** `p.id IN (…)` for a latest page: its ids picked from posts alone, by the creation date index. */
function latestPostIds(opts: PageIdsOptions): RawBuilder<SqlBool> {
  const where = opts.category ? sql`WHERE l.category_id = ${opts.category}` : sql``
  return sql<SqlBool>`p.id IN (
    SELECT l.id FROM posts l ${where} ORDER BY l.created_at DESC ${pageWindow(opts.limit, opts.offset)}
  )`
}

/**
 * `p.id IN (…)` for a trending page: the posts of the window by their stored score, ties by newest,
 * read from an index of counters.trending_ranks. Which posts are in the window is decided here, at
 * read time; only the scores are as old as the last refresh.
 */
function trendingPostIds(opts: PageIdsOptions): RawBuilder<SqlBool> {
  const filters = [
    sql`r.created_at >= ${trendingSince}`,
    ...(opts.category ? [sql`r.category_id = ${opts.category}`] : []),
  ]
  return sql<SqlBool>`p.id IN (
    SELECT r.post_id FROM counters.trending_ranks r WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY r.score DESC, r.created_at DESC
    ${pageWindow(opts.limit, opts.offset)}
  )`
}

/**
 * The number of posts an unfiltered browse of `sort` lists, in `category` or in all, as one SQL
 * expression over counters kept by triggers rather than a count over posts: for latest, upvotes and
 * views every post (migration 0002's per-category counts); for trending the posts of the window, i.e.
 * the trigger-kept count of the ranked posts (migration 0010) less those that left the window since
 * the last refresh removed them (an index range over a few seconds' worth of posts). NULL when
 * `category` is NULL (an unknown category).
 */
export function browseTotal(sort: BrowseSort, category: RawBuilder<string> | undefined): RawBuilder<number> {
  if (sort !== 'trending') {
    const filter = category ? sql`WHERE category_key = ${category}` : sql``
    return sql<number>`(SELECT coalesce(sum(n), 0) FROM counters.post_counts ${filter})`
  }
  return category
    ? sql<number>`((SELECT coalesce(sum(n), 0) FROM counters.trending_counts WHERE category_key = ${category})
        - (SELECT count(*) FROM counters.trending_ranks
           WHERE created_at < ${trendingSince} AND category_id = ${category}))`
    : sql<number>`((SELECT coalesce(sum(n), 0) FROM counters.trending_counts)
        - (SELECT count(*) FROM counters.trending_ranks WHERE created_at < ${trendingSince}))`
}

/**
 * `p.id IN (…)` for the most upvoted posts created in the last `days` days (by the database's clock),
 * ties by newest: picked index-only from counters.post_ranks' date index (migration 0010: the week's
 * posts and their upvotes, without visiting posts), so only those rows are joined to their authors
 * and categories. The bound is `now()` rather than a parameter for the reason of {@link trendingSince}.
 */
export function topPostIdsOfLastDays(days: number, limit: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`p.id IN (
    SELECT r.post_id FROM counters.post_ranks r
    WHERE r.created_at >= now() - make_interval(days => ${sql.lit(days)})
    ORDER BY r.uplike_count DESC, r.created_at DESC
    ${pageWindow(limit, 0)}
  )`
}

/** The order keys of the most upvoted posts ({@link topPostIdsOfLastDays}), all descending. */
export const TOP_POSTS_ORDER = [sql`p.uplike_count`, sql`p.created_at`]

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

/** Arbitrary constant: the advisory lock held by the one trending refresh running (any instance). */
export const TRENDING_REFRESH_LOCK_KEY = 7_420_142_003

/**
 * How far a stored trending score may be from the formula's before a refresh rewrites it: 0.1 %. Every
 * score decays as its post ages, so rewriting each one that changed at all rewrote the whole window
 * every refresh: at 1M posts, 41,083 rows and four index entries each, 780 ms of a 1.1 s refresh, and
 * its WAL (bench/README.md, "Session 14"). With the tolerance a refresh rewrites the posts a count
 * moved, the youngest (which decay fastest) and the others that drifted past it: about 760 rows a
 * refresh there, under a vote stream. Two posts whose scores are within 0.1 % may show in either order.
 */
export const TRENDING_SCORE_TOLERANCE = 0.001

/**
 * Scores the posts of the trending window in counters.trending_ranks at this transaction's `now()`
 * and removes the posts that left the window. Returns null without writing when another refresh holds
 * the lock (one runs at a time across instances; the next round tries again). Only scores further than
 * {@link TRENDING_SCORE_TOLERANCE} from the formula's are rewritten. The inputs come from
 * counters.post_ranks, whose narrow rows the window fits in a few hundred pages of (migration 0016).
 * Membership is kept by triggers, never by this, so a post deleted meanwhile cannot come back.
 */
export async function refreshTrendingRanks(
  trx: Transaction<Database>,
): Promise<{ scored: number; dropped: number } | null> {
  const lock = await sql<{
    ok: boolean
  }>`SELECT pg_try_advisory_xact_lock(${TRENDING_REFRESH_LOCK_KEY}) AS ok`.execute(trx)
  if (!lock.rows[0]?.ok) return null
  const dropped = await sql`DELETE FROM counters.trending_ranks WHERE created_at < ${trendingSince}`.execute(
    trx,
  )
  // The date filter lets the planner read the window's rows through post_ranks' date index.
  const scored = await sql`UPDATE counters.trending_ranks r SET score = fresh.score
    FROM (
      SELECT pr.post_id, ${TRENDING_SCORE} AS score FROM counters.post_ranks pr
      WHERE pr.created_at >= ${trendingSince}
    ) fresh
    WHERE fresh.post_id = r.post_id
      AND abs(fresh.score - r.score) > ${TRENDING_SCORE_TOLERANCE}::float8 * abs(fresh.score)`.execute(trx)
  return { scored: Number(scored.numAffectedRows ?? 0), dropped: Number(dropped.numAffectedRows ?? 0) }
}

/**
 * Reclaims the row versions a refresh left behind, and renews the table's statistics when asked. Without
 * the vacuum the table and its indexes keep the dead versions until autovacuum comes (if it runs at
 * all): page reads then step over dead entries and visit the heap for each. It also marks the pages
 * all-visible, so pages are read from the indexes alone. The statistics matter to the trending total
 * (browseTotal): its "older than the window" part is planned once per connection from them, and with
 * statistics taken before the refresh first emptied the table of old posts (a generated dataset,
 * autovacuum off) the planner expected most rows there and scanned the whole table on every request
 * (0.8 ms of the page's 1.1 ms at 100k posts) instead of an empty index range. So ANALYZE follows a
 * refresh that dropped posts (43 ms at 1M posts), not every one. Runs outside any transaction (VACUUM
 * cannot run inside one).
 */
export async function vacuumTrendingRanks(db: Kysely<Database>, opts: { analyze: boolean }): Promise<void> {
  await (opts.analyze
    ? sql`VACUUM (ANALYZE) counters.trending_ranks`
    : sql`VACUUM counters.trending_ranks`
  ).execute(db)
}

/** A tag and the number of posts carrying it. */
export interface TagCountRow {
  tag: string
  post_count: number
}

/**
 * The `limit` most used tags, ties by name. Reads every post's tags (about 100 ms at 100k posts), so
 * callers cache the answer (see the website service).
 */
export async function listPopularTags(db: Kysely<Database>, limit: number): Promise<TagCountRow[]> {
  const { rows } = await sql<TagCountRow>`SELECT t.tag, count(*)::int AS post_count
    FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t(tag)
    GROUP BY t.tag ORDER BY post_count DESC, t.tag LIMIT ${limit}`.execute(db)
  return rows
}
