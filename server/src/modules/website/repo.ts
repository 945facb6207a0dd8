import type { Database } from '@bashboard/db'
import { type Kysely, type SqlBool, sql } from 'kysely'
import type { BrowseSort } from '../../contract/website.ts'
import { TRENDING_GRAVITY, TRENDING_WINDOW_DAYS } from '../../lib/ranking.ts'
import { isUuid } from '../../lib/slug.ts'
import { type PostCardRow, selectPostCards } from '../posts/repo.ts'

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

/** The trending score of DESIGN §4 in SQL, the same formula as `trendingScore` in lib/ranking.ts. */
const TRENDING_SCORE = sql<number>`(
  (p.uplike_count - p.downlike_count + p.comments_count / 2.0 + p.view_count / 20.0)
  / power(greatest(0, extract(epoch from (now() - p.created_at)) / 3600.0) + 2, ${TRENDING_GRAVITY})
)`

/** Browse-mode options: optionally one category, a sort order, and the page window. */
export interface BrowseOptions {
  categoryId?: string
  sort: BrowseSort
  limit: number
  offset: number
}

const trendingSince = sql<Date>`now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`

/** The query of one browse page, ties broken by newest (exposed so tests can EXPLAIN it). */
export function browsePageQuery(db: Kysely<Database>, opts: BrowseOptions) {
  let page = selectPostCards(db)
  if (opts.categoryId) page = page.where('p.category_id', '=', opts.categoryId)
  if (opts.sort === 'trending') page = page.where('p.created_at', '>=', trendingSince)
  switch (opts.sort) {
    case 'trending':
      page = page.orderBy(TRENDING_SCORE, 'desc').orderBy('p.created_at', 'desc')
      break
    case 'upvotes':
      page = page.orderBy('p.uplike_count', 'desc').orderBy('p.created_at', 'desc')
      break
    case 'views':
      page = page.orderBy('p.view_count', 'desc').orderBy('p.created_at', 'desc')
      break
    default:
      page = page.orderBy('p.created_at', 'desc')
  }
  return page.limit(opts.limit).offset(opts.offset)
}

/** One page of posts in browse mode and the number of posts the filter matches. */
export async function browsePosts(
  db: Kysely<Database>,
  opts: BrowseOptions,
): Promise<{ rows: PostCardRow[]; total: number }> {
  let count = db.selectFrom('posts as p').select(db.fn.countAll<string>().as('n'))
  if (opts.categoryId) count = count.where('p.category_id', '=', opts.categoryId)
  if (opts.sort === 'trending') count = count.where('p.created_at', '>=', trendingSince)
  const [rows, total] = await Promise.all([
    browsePageQuery(db, opts).execute(),
    count.executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
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

function searchParts(search: string) {
  const text = toWebsearchQuery(search)
  // English stems words; simple keeps program names English drops as stop words (which, at, who).
  const query = sql`(websearch_to_tsquery('english', ${text}) || websearch_to_tsquery('simple', ${text}))`
  const matches = sql<SqlBool>`(p.search @@ ${query} OR ${search} <% p.title OR ${search} <% p.command)`
  const rank = sql<number>`(
    ts_rank(p.search, ${query})
    + greatest(word_similarity(${search}, p.title), word_similarity(${search}, p.command))
  )`
  return { matches, rank }
}

/**
 * The query of one search page: full text over title, command, tags and description (posts.search),
 * OR trigram word similarity on title and command so partial commands and typos still match. Ranked
 * by text rank plus the best similarity, ties by newest. Each branch has its own GIN index.
 */
export function searchPageQuery(
  db: Kysely<Database>,
  search: string,
  opts: { limit: number; offset: number },
) {
  const { matches, rank } = searchParts(search)
  return selectPostCards(db)
    .where(matches)
    .orderBy(rank, 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
}

/**
 * One page of search results and the number of posts that match. Runs in a transaction so the
 * trigram threshold applies to these two statements only (SET LOCAL).
 */
export function searchPosts(
  db: Kysely<Database>,
  search: string,
  opts: { limit: number; offset: number },
): Promise<{ rows: PostCardRow[]; total: number }> {
  const { matches } = searchParts(search)
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
      trx,
    )
    const rows = await searchPageQuery(trx, search, opts).execute()
    const total = await trx
      .selectFrom('posts as p')
      .select(trx.fn.countAll<string>().as('n'))
      .where(matches)
      .executeTakeFirstOrThrow()
    return { rows, total: Number(total.n) }
  })
}

/** The most upvoted posts created at or after `since`, ties by newest. */
export function findTopPostsSince(db: Kysely<Database>, since: Date, limit: number): Promise<PostCardRow[]> {
  return selectPostCards(db)
    .where('p.created_at', '>=', since)
    .orderBy('p.uplike_count', 'desc')
    .orderBy('p.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** A weekly leaderboard row: the points gained since the window start, and the total (for the badge). */
export interface GainRow {
  id: string
  username: string
  avatar: string | null
  total_points: number
  gained: number
}

/** Users with the largest positive ledger sums since `since`, ties by username. */
export async function findTopGainersSince(
  db: Kysely<Database>,
  since: Date,
  limit: number,
): Promise<GainRow[]> {
  const rows = await db
    .selectFrom('points_ledger as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'u.id',
      'u.username',
      'u.avatar',
      'u.points as total_points',
      sql<string>`sum(l.delta)`.as('gained'),
    ])
    .where('l.created_at', '>=', since)
    .groupBy(['u.id', 'u.username', 'u.avatar', 'u.points'])
    .having(sql<SqlBool>`sum(l.delta) > 0`)
    .orderBy(sql`sum(l.delta)`, 'desc')
    .orderBy('u.username', 'asc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ ...row, gained: Number(row.gained) }))
}
