import { type Database, preparedAs } from '@bashboard/db'
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely'
import type { BrowseSort } from '../../contract/website.ts'
import { TRENDING_GRAVITY, TRENDING_WINDOW_DAYS } from '../../lib/ranking.ts'
import { type PostCardRow, rankedPostIds, selectPostCards } from '../posts/repo.ts'
import { type BrowseFilters, NO_FILTERS } from './filters.ts'

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
function filterConditions(filters: BrowseFilters, alias: 'p' | 'm'): Array<RawBuilder<SqlBool>> {
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
function allOf(conditions: ReadonlyArray<RawBuilder<SqlBool>>): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`
}

/**
 * The trending score, (up − down + comments/2 + views/20) / (age in hours + 2)^1.5, in SQL: the same
 * formula as `trendingScore` in lib/ranking.ts, over posts aliased `p` at the statement's `now()`.
 * Computed in float8 like the JavaScript version: numeric arithmetic was ten times slower. Only
 * {@link refreshTrendingRanks} computes it; pages read the scores it stored.
 */
const TRENDING_SCORE = sql<number>`(
  ((p.uplike_count - p.downlike_count)::float8 + p.comments_count / 2.0::float8 + p.view_count / 20.0::float8)
  / power(
    greatest(0::float8, extract(epoch from (now() - p.created_at))::float8 / 3600.0::float8) + 2::float8,
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
 * Scores the posts of the trending window in counters.trending_ranks at this transaction's `now()`
 * and removes the posts that left the window. Returns null without writing when another refresh holds
 * the lock (one runs at a time across instances; the next round tries again). Rows whose score did
 * not change (no counts, or the same as last time) are not rewritten. Membership is kept by triggers,
 * never by this, so a post deleted meanwhile cannot come back.
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
  // The date filter on posts lets the planner read the window's posts through their date index.
  const scored = await sql`UPDATE counters.trending_ranks r SET score = ${TRENDING_SCORE}
    FROM posts p
    WHERE p.id = r.post_id AND p.created_at >= ${trendingSince} AND r.score IS DISTINCT FROM ${TRENDING_SCORE}`.execute(
    trx,
  )
  return { scored: Number(scored.numAffectedRows ?? 0), dropped: Number(dropped.numAffectedRows ?? 0) }
}

/**
 * Reclaims the row versions a refresh left behind and renews the table's statistics. Every refresh
 * rewrites each score of the window, so without this the table and its indexes grow by the window's
 * size each round until autovacuum comes (if it runs at all): page reads then step over dead entries
 * and visit the heap for each. A vacuum of a few thousand rows takes milliseconds, and it marks the
 * pages all-visible, so pages are read from the indexes alone. The statistics matter to the trending
 * total (browseTotal): its "older than the window" part is planned once per connection from them, and
 * with statistics taken before the refresh first emptied the table of old posts (a generated dataset,
 * autovacuum off) the planner expected most rows there and scanned the whole table on every request
 * (0.8 ms of the page's 1.1 ms at 100k posts) instead of an empty index range. ANALYZE of the window
 * takes about 5 ms there. Runs outside any transaction (VACUUM cannot run inside one).
 */
export async function vacuumTrendingRanks(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM (ANALYZE) counters.trending_ranks`.execute(db)
}

/**
 * Turns a user's query into websearch syntax without its operators' surprises: a leading `-` in
 * `chmod -R` is an option, not "without R".
 */
export function toWebsearchQuery(search: string): string {
  return search.replace(/(^|\s)-+/g, '$1').trim()
}

/**
 * Trigram similarity a vocabulary word needs to stand in for a misspelt word. pg_trgm's default (0.3)
 * misses swapped letters in short words ('dokcer' vs 'docker' is 0.27).
 */
export const WORD_CORRECTION_THRESHOLD = 0.25

/** Vocabulary words tried in place of each misspelt word, the most similar first. */
export const WORD_CORRECTIONS = 3

/**
 * Search totals are counted up to this many matches; past it the count stops (common words). The same
 * matches are the ones ranked, so a search never reads more than this many posts, whatever their number.
 */
export const SEARCH_COUNT_CAP = 1000

/**
 * Known words up to this long also match as prefixes: short words are the ones typed in part (`xz` of
 * `tar -xzf`, `ls` of `lsof`). Longer known words match exactly: a prefix of a frequent word (`file`,
 * `find`) makes GIN read every posting list it covers instead of skipping through the rarest word's.
 */
const PREFIX_MAX_LENGTH = 3

/**
 * A word as the english configuration stems it (titles and descriptions are indexed in english) OR as
 * the simple one keeps it (commands and tags), as tsquery text. `word` is always a lexeme of the simple
 * configuration, so this adds no operator of the user's.
 */
function wordTerm(word: RawBuilder<string>) {
  return sql<string>`'(' || CASE WHEN plainto_tsquery('english', ${word}) = plainto_tsquery('simple', ${word})
    THEN plainto_tsquery('simple', ${word})
    ELSE plainto_tsquery('english', ${word}) || plainto_tsquery('simple', ${word}) END::text || ')'`
}

/** Letters a correction may insert or substitute: what commands and their words are made of. */
const CORRECTION_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Every string one edit away from `word` (Damerau: one letter deleted, two neighbours swapped, one
 * substituted or one inserted), as a subquery. A few hundred candidates for a usual word, each an
 * index probe of the vocabulary's primary key. Trigrams alone miss these in short words: `grpe` and
 * `grep` share 2 of 8 trigrams (similarity 0.25), as do `grap` and `grep`.
 */
function oneEditAway(word: RawBuilder<string>) {
  const letters = sql`unnest(string_to_array(${CORRECTION_LETTERS}::text, NULL)) AS l(c)`
  return sql`
    SELECT overlay(${word} placing '' from i for 1) FROM generate_series(1, length(${word})) AS i
    UNION ALL
    SELECT substr(${word}, 1, i - 1) || substr(${word}, i + 1, 1) || substr(${word}, i, 1) || substr(${word}, i + 2)
      FROM generate_series(1, length(${word}) - 1) AS i
    UNION ALL
    SELECT overlay(${word} placing l.c from i for 1) FROM generate_series(1, length(${word})) AS i, ${letters}
    UNION ALL
    SELECT overlay(${word} placing l.c from i for 0) FROM generate_series(1, length(${word}) + 1) AS i, ${letters}`
}

/**
 * The tsquery of a user's search as tsquery text (null when it has no word), built against the
 * vocabulary of migration 0009. The search is split the way posts are indexed, into lexemes of the
 * simple configuration (`chmod -R` → `chmod`, `r`), and its words are AND-ed. With `fuzzy`, a word the
 * vocabulary does not know also matches as a prefix (`rsyn` finds `rsync`) and is OR-ed with up to
 * {@link WORD_CORRECTIONS} vocabulary words: first those one edit away (the most frequent first), then
 * the most similar by trigrams, found through the vocabulary's trigram index (`%`:
 * pg_trgm.similarity_threshold, which searchPosts sets); short known words match as prefixes too
 * ({@link PREFIX_MAX_LENGTH}). One-letter words (option letters: `tar -x`) and english stop words only
 * rank, unless nothing else is left: required, they would drop posts that write the option another way
 * (`-xzf`); as prefixes, they would match most posts.
 */
function searchTsquery(search: string, fuzzy: boolean) {
  const alternatives = fuzzy
    ? sql`CASE WHEN length(w.word) <= ${PREFIX_MAX_LENGTH} OR NOT k.known
          THEN '''' || replace(replace(w.word, '\\', '\\\\'), '''', '''''') || ''':*' END,
        CASE WHEN NOT k.known THEN (
          SELECT string_agg(${wordTerm(sql`c.word`)}, ' | ')
          FROM (
            SELECT found.word FROM (
              SELECT v.word, 0 AS tier, v.doc_count::float8 AS weight FROM search_words v
              WHERE v.word IN (${oneEditAway(sql`w.word`)}) AND v.doc_count > 0
              UNION ALL
              SELECT v.word, 1, similarity(v.word, w.word) FROM search_words v
              WHERE v.word % w.word AND v.doc_count > 0
            ) found
            GROUP BY found.word
            ORDER BY min(found.tier), max(found.weight) DESC, found.word
            LIMIT ${WORD_CORRECTIONS}
          ) c
        ) END`
    : sql`NULL`
  return sql<string | null>`(
    SELECT coalesce(
      string_agg('(' || t.term || ')', ' & ') FILTER (WHERE NOT t.optional),
      string_agg('(' || t.term || ')', ' & ')
    )
    FROM (
      SELECT concat_ws(' | ', ${wordTerm(sql`w.word`)}, ${alternatives}) AS term,
        length(w.word) = 1 OR numnode(plainto_tsquery('english', w.word)) = 0 AS optional
      FROM unnest(tsvector_to_array(to_tsvector('simple', ${search}))) AS w(word)
      CROSS JOIN LATERAL (
        SELECT EXISTS (SELECT 1 FROM search_words v WHERE v.word = w.word AND v.doc_count > 0) AS known
      ) k
    ) t
  )`
}

/**
 * Matches are ranked with trigram similarity only among the best this many by text rank (at least as
 * many as the page needs). Similarity costs two comparisons per row; ts_rank already puts close titles
 * first (the title weighs most), so the first pages come out the same at a fraction of the cost.
 */
export const SEARCH_RERANK_POOL = 200

/** Search page options. `fuzzy` (the default) adds prefixes and spelling corrections to the words. */
export interface SearchPageOptions {
  limit: number
  offset: number
  fuzzy?: boolean
  /** The tsquery text searchPosts resolved from the vocabulary; resolved inline when absent. */
  tsquery?: string
  /** Browse filters the matches must also pass (filters.ts). */
  filters?: BrowseFilters
}

/**
 * The query of one search page: one full-text match over title, command, tags and description
 * (posts.search, GIN) of at most {@link SEARCH_COUNT_CAP} posts, counted (`matches`, on every row) and
 * ranked by text rank; the best {@link SEARCH_RERANK_POOL} of them are then ordered by text rank plus
 * the best trigram word similarity of the search to title or command, ties by newest. A common word
 * matching more than the cap is ranked among the first matches the index yields, not all of them: that
 * keeps the cost of a search independent of the number of posts.
 */
export function searchPageQuery(db: Kysely<Database>, search: string, opts: SearchPageOptions) {
  const query = sql`(${opts.tsquery ?? searchTsquery(search, opts.fuzzy ?? true)})::tsquery`
  const matched = db
    .selectFrom('posts as m')
    .select([
      'm.id',
      'm.created_at',
      'm.title',
      'm.command',
      sql<number>`ts_rank(m.search, ${query})`.as('text_rank'),
    ])
    .where(sql<SqlBool>`m.search @@ ${query}`)
    .where(allOf(filterConditions(opts.filters ?? NO_FILTERS, 'm')))
    .limit(SEARCH_COUNT_CAP)
  const pool = db
    .selectFrom(matched.as('matched'))
    .selectAll()
    .select(sql<string>`count(*) OVER ()`.as('matches'))
    .orderBy('text_rank', 'desc')
    .orderBy('created_at', 'desc')
    .limit(Math.max(SEARCH_RERANK_POOL, opts.offset + opts.limit))
  // The page's ids are picked from the matched rows alone (which carry title and command for the
  // similarity), and only those few are joined to their authors and categories, as browse does.
  const page = db
    .selectFrom(pool.as('pool'))
    .select([
      'id',
      'matches',
      'created_at',
      sql<number>`text_rank + greatest(word_similarity(${search}, title), word_similarity(${search}, command))`.as(
        'rank',
      ),
    ])
    .orderBy('rank', 'desc')
    .orderBy('created_at', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
  return selectPostCards(db)
    .innerJoin(page.as('page'), 'page.id', 'p.id')
    .select('page.matches')
    .orderBy('page.rank', 'desc')
    .orderBy('p.created_at', 'desc')
}

/** The posts the tsquery text matches, counted up to {@link SEARCH_COUNT_CAP}. */
async function countMatches(db: Kysely<Database>, tsquery: string, filters = NO_FILTERS): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n
    FROM (SELECT 1 FROM posts p WHERE p.search @@ ${tsquery}::tsquery
      AND ${allOf(filterConditions(filters, 'p'))} LIMIT ${SEARCH_COUNT_CAP}) m`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Resolves a search into tsquery text against the vocabulary (null when it has no word), and sets what
 * the search's statements need for the rest of the transaction `trx` (SET LOCAL): the correction
 * threshold, and no sequential scan of posts. The planner prices `@@` at one operator per row and, for
 * a common word, would rather filter posts in table order until it has the capped matches than read
 * the GIN index: for `docker` at 100k posts that took 320–370 ms against 45–65 ms through the index,
 * measured side by side.
 */
export async function resolveSearch(trx: Transaction<Database>, search: string): Promise<string | null> {
  await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(WORD_CORRECTION_THRESHOLD)}, true),
    set_config('enable_seqscan', 'off', true)`.execute(trx)
  // Its text never varies and its plan is index probes of the vocabulary whatever the words.
  const { rows } = await sql<{ tsquery: string | null }>`${preparedAs('search_tsquery')}
    SELECT ${searchTsquery(search, true)} AS tsquery`.execute(trx)
  return rows[0]?.tsquery ?? null
}

/**
 * One page of search results and the number of posts that match (at most {@link SEARCH_COUNT_CAP}).
 * The search's words are resolved against the vocabulary first (index probes of a table of a few
 * thousand words, whatever the number of posts), then one statement matches, counts and ranks with
 * that tsquery over posts.search; no statement compares the search with posts by trigrams.
 */
export async function searchPosts(
  db: Kysely<Database>,
  search: string,
  opts: { limit: number; offset: number; filters?: BrowseFilters },
): Promise<{ rows: PostCardRow[]; total: number }> {
  return db.transaction().execute(async (trx) => {
    const tsquery = await resolveSearch(trx, search)
    if (!tsquery) return { rows: [], total: 0 }
    const rows = await searchPageQuery(trx, search, { ...opts, tsquery }).execute()
    const first = rows[0]
    // A page past the last match has no row to carry the count.
    const total = first
      ? Number(first.matches)
      : opts.offset === 0
        ? 0
        : await countMatches(trx, tsquery, opts.filters)
    return { rows, total }
  })
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
