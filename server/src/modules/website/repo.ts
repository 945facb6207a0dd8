import type { Database } from '@bashboard/db'
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { BrowseSort } from '../../contract/website.ts'
import { TRENDING_GRAVITY, TRENDING_WINDOW_DAYS } from '../../lib/ranking.ts'
import { isUuid } from '../../lib/slug.ts'
import { type PostCardRow, rankedPostIds, selectPostCards } from '../posts/repo.ts'

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

/** The id of the category whose id or slug is `key`, or undefined. */
export async function resolveCategoryId(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where((eb) => (isUuid(key) ? eb.or([eb('id', '=', key), eb('slug', '=', key)]) : eb('slug', '=', key)))
    .executeTakeFirst()
  return row?.id
}

/**
 * The trending score of DESIGN §4 in SQL, the same formula as `trendingScore` in lib/ranking.ts.
 * Computed in float8 like the JavaScript version: numeric arithmetic was ten times slower.
 */
const TRENDING_SCORE = sql<number>`(
  ((p.uplike_count - p.downlike_count)::float8 + p.comments_count / 2.0::float8 + p.view_count / 20.0::float8)
  / power(
    greatest(0::float8, extract(epoch from (now() - p.created_at))::float8 / 3600.0::float8) + 2::float8,
    ${TRENDING_GRAVITY}::float8
  )
)`

/** The order keys of a browse sort, all descending: the sort's own key, then newest. */
function browseOrder(sort: BrowseSort): Array<RawBuilder<unknown>> {
  const newest = sql`p.created_at`
  switch (sort) {
    case 'trending':
      return [TRENDING_SCORE, newest]
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

const trendingSince = sql<Date>`now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`

/**
 * The query of one browse page, ties broken by newest (exposed so tests can EXPLAIN it). The page's
 * ids are picked from posts alone first, so deep offsets skip index entries rather than joined rows,
 * and authors and categories are joined for those ids only.
 */
export function browsePageQuery(db: Kysely<Database>, opts: BrowseOptions) {
  const order = browseOrder(opts.sort)
  let page = selectPostCards(db).where(
    opts.sort === 'upvotes' || opts.sort === 'views'
      ? rankedPostIds({ ...opts, by: opts.sort })
      : sql<SqlBool>`p.id IN (${pageIds(db, opts, order)})`,
  )
  for (const key of order) page = page.orderBy(key, 'desc')
  return page
}

/** A latest or trending page's ids, picked from posts alone. */
function pageIds(db: Kysely<Database>, opts: BrowseOptions, order: Array<RawBuilder<unknown>>) {
  let ids = db.selectFrom('posts as p').select('p.id')
  if (opts.categoryId) ids = ids.where('p.category_id', '=', opts.categoryId)
  if (opts.sort === 'trending') ids = ids.where('p.created_at', '>=', trendingSince)
  for (const key of order) ids = ids.orderBy(key, 'desc')
  return ids.limit(opts.limit).offset(opts.offset)
}

/** A sum over counter rows: bigint sums arrive as strings, and null when no row matched. */
interface CountRow {
  n: string | null
}

/**
 * The number of posts in `categoryId`, or in all, from the trigger-kept counters (migration 0002):
 * a few rows instead of count(*) over the posts.
 */
async function countPosts(db: Kysely<Database>, categoryId: string | undefined): Promise<number> {
  const filter = categoryId === undefined ? sql`` : sql`WHERE category_key = ${categoryId}`
  const { rows } = await sql<CountRow>`SELECT sum(n) AS n FROM counters.post_counts ${filter}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** The posts in the trending window (which has no counter: an index range over a month of posts). */
async function countTrending(db: Kysely<Database>, categoryId: string | undefined): Promise<number> {
  let count = db
    .selectFrom('posts as p')
    .select(db.fn.countAll<string>().as('n'))
    .where('p.created_at', '>=', trendingSince)
  if (categoryId) count = count.where('p.category_id', '=', categoryId)
  return Number((await count.executeTakeFirstOrThrow()).n)
}

/** One page of posts in browse mode and the number of posts the filter matches. */
export async function browsePosts(
  db: Kysely<Database>,
  opts: BrowseOptions,
): Promise<{ rows: PostCardRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    browsePageQuery(db, opts).execute(),
    opts.sort === 'trending' ? countTrending(db, opts.categoryId) : countPosts(db, opts.categoryId),
  ])
  return { rows, total }
}

/**
 * Turns a user's query into websearch syntax without its operators' surprises: a leading `-` in
 * `chmod -R` is an option, not "without R".
 */
export function toWebsearchQuery(search: string): string {
  return search.replace(/(^|\s)-+/g, '$1').trim()
}

/**
 * Word similarity a title or command needs to match by trigrams. pg_trgm's default (0.6) misses
 * common typos against longer words ('recusive' vs 'recursively' is 0.5).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45

/** Search totals are counted up to this many matches; past it the count stops (common words). */
export const SEARCH_COUNT_CAP = 1000

function searchParts(search: string, fuzzy: boolean) {
  const text = toWebsearchQuery(search)
  // English stems words; simple keeps program names English drops as stop words (which, at, who).
  const query = sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('simple', ${text}))`
  const matches = fuzzy
    ? sql<SqlBool>`(p.search @@ ${query} OR ${search} <% p.title OR ${search} <% p.command)`
    : sql<SqlBool>`p.search @@ ${query}`
  const textRank = sql<number>`ts_rank(p.search, ${query})`
  const rank = sql<number>`(
    ${textRank}
    + greatest(word_similarity(${search}, p.title), word_similarity(${search}, p.command))
  )`
  return { matches, rank, textRank }
}

/**
 * Full-text matches are ranked with trigram similarity only among the best this many by text rank
 * (at least as many as the page needs). Similarity costs two comparisons per row, and a common word
 * matches thousands of posts; ts_rank already puts close titles first (the title weighs most), so the
 * first pages come out the same at a sixth of the cost.
 */
export const SEARCH_RERANK_POOL = 200

/** Search page options; `fuzzy` (the default) adds the trigram branch to the full-text match. */
export interface SearchPageOptions {
  limit: number
  offset: number
  fuzzy?: boolean
}

/**
 * The query of one search page: full text over title, command, tags and description (posts.search),
 * and with `fuzzy` OR trigram word similarity on title and command so partial commands and typos still
 * match. Ranked by text rank plus the best similarity, ties by newest. Each branch has its own GIN index.
 */
export function searchPageQuery(db: Kysely<Database>, search: string, opts: SearchPageOptions) {
  const fuzzy = opts.fuzzy ?? true
  const { matches, rank, textRank } = searchParts(search, fuzzy)
  // The trigram branch exists for a few typo matches and is ranked whole.
  const candidates = fuzzy
    ? matches
    : sql<SqlBool>`p.id IN (${db
        .selectFrom('posts as p')
        .select('p.id')
        .where(matches)
        .orderBy(textRank, 'desc')
        .orderBy('p.created_at', 'desc')
        .limit(Math.max(SEARCH_RERANK_POOL, opts.offset + opts.limit))})`
  return selectPostCards(db)
    .where(candidates)
    .orderBy(rank, 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
}

/** The posts `search` matches, counted up to {@link SEARCH_COUNT_CAP}. */
async function countMatches(db: Kysely<Database>, search: string, fuzzy: boolean): Promise<number> {
  const { matches } = searchParts(search, fuzzy)
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('posts as p')
        .select(sql<number>`1`.as('one'))
        .where(matches)
        .limit(SEARCH_COUNT_CAP)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * One page of search results and the number of posts that match (at most {@link SEARCH_COUNT_CAP}).
 * Full text runs alone first; the trigram branch, which rechecks many heap pages, is added only when
 * full text finds fewer than a page of results, which is when typos and partial words matter. That
 * branch runs in a transaction so the trigram threshold applies to its statements only (SET LOCAL),
 * and counts its matches in the page query itself (a window count) instead of matching twice.
 */
export async function searchPosts(
  db: Kysely<Database>,
  search: string,
  opts: { limit: number; offset: number },
): Promise<{ rows: PostCardRow[]; total: number }> {
  const fullText = await countMatches(db, search, false)
  if (fullText >= opts.limit) {
    const rows = await searchPageQuery(db, search, { ...opts, fuzzy: false }).execute()
    return { rows, total: fullText }
  }
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
      trx,
    )
    const rows = await searchPageQuery(trx, search, opts)
      .select(sql<string>`count(*) OVER ()`.as('matches'))
      .execute()
    const first = rows[0]
    // A page past the last match has no row to carry the count.
    const total = first
      ? Math.min(Number(first.matches), SEARCH_COUNT_CAP)
      : opts.offset === 0
        ? 0
        : await countMatches(trx, search, true)
    return { rows, total }
  })
}

/**
 * The most upvoted posts created at or after `since`, ties by newest. Like browse, the ids are picked
 * from posts alone and only those rows are joined to their authors and categories.
 */
export function findTopPostsSince(db: Kysely<Database>, since: Date, limit: number): Promise<PostCardRow[]> {
  const ids = db
    .selectFrom('posts as p')
    .select('p.id')
    .where('p.created_at', '>=', since)
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
  return selectPostCards(db)
    .where('p.id', 'in', ids)
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute()
}
