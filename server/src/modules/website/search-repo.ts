import { type Database, fixedStatement, preparedAs } from '@bashboard/db'
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely'
import { SEARCH_COUNT_CAP } from '../../contract/values.ts'
import { cardsJson, type PostCardJson, toPostCardRow } from '../posts/card-json-repo.ts'
import { type PostCardRow, selectPostCards } from '../posts/repo.ts'
import { type BrowseFilters, NO_FILTERS } from './filters.ts'
import { allOf, filterConditions } from './repo.ts'
import type { RankSource } from './search-rank.ts'

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
 * Search totals are counted up to SEARCH_COUNT_CAP (contract/values.ts) matches. The same matches are
 * the ones ranked, so a search never reads more than this many posts, whatever their number.
 */
export { SEARCH_COUNT_CAP }

/**
 * Known words up to this long also match as prefixes: short words are the ones typed in part (`xz` of
 * `tar -xzf`, `ls` of `lsof`). Longer known words match exactly: a prefix of a frequent word (`file`,
 * `find`) makes GIN read every posting list it covers instead of skipping through the rarest word's.
 */
export const PREFIX_MAX_LENGTH = 3

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
 * What a search resolves to: the tsquery text (null when it has no word), and each misspelt word of it
 * that was corrected with the vocabulary word that stands in for it first (`[word, correction]`, in
 * the tsquery's order of words), so the answer can say what it searched for.
 */
export interface ResolvedSearch {
  tsquery: string | null
  corrections: Array<[string, string]>
}

/**
 * The tsquery of a user's search as tsquery text, and its corrections (see {@link ResolvedSearch}),
 * built against the vocabulary of migration 0009. The search is split the way posts are indexed, into
 * lexemes of the simple configuration (`chmod -R` → `chmod`, `r`), and its words are AND-ed. With
 * `fuzzy`, a word the vocabulary does not know also matches as a prefix (`rsyn` finds `rsync`) and,
 * unless `exact`, is OR-ed with up to {@link WORD_CORRECTIONS} vocabulary words: first those one edit
 * away (the most frequent first), then the most similar by trigrams, found through the vocabulary's
 * trigram index (`%`: pg_trgm.similarity_threshold, which searchPosts sets); short known words match as
 * prefixes too ({@link PREFIX_MAX_LENGTH}). One-letter words (option letters: `tar -x`) and english stop
 * words only rank, unless nothing else is left: required, they would drop posts that write the option
 * another way (`-xzf`); as prefixes, they would match most posts. Only the corrections of words the
 * tsquery keeps are reported.
 */
function resolvedSearch(search: string, fuzzy: boolean, exact: boolean) {
  return sql<{ tsquery: string | null; corrections: Array<[string, string]> | null }>`
    SELECT
      coalesce(
        string_agg('(' || t.term || ')', ' & ') FILTER (WHERE NOT t.optional),
        string_agg('(' || t.term || ')', ' & ')
      ) AS tsquery,
      CASE WHEN bool_and(t.optional)
        THEN json_agg(json_build_array(t.word, t.correction)) FILTER (WHERE t.correction IS NOT NULL)
        ELSE json_agg(json_build_array(t.word, t.correction)) FILTER (WHERE t.correction IS NOT NULL AND NOT t.optional)
      END AS corrections
    FROM (${wordTerms(sql`unnest(tsvector_to_array(to_tsvector('simple', ${search}))) AS w(word)`, fuzzy, exact)}) t`
}

/** The tsquery text of {@link resolvedSearch}, as one value. */
function searchTsquery(search: string, fuzzy: boolean) {
  return sql<string | null>`(SELECT r.tsquery FROM (${resolvedSearch(search, fuzzy, false)}) r)`
}

/**
 * For each word of `words` (a FROM item naming its column `w.word`: lexemes of the simple
 * configuration), the word's term as tsquery text (`term`), whether it only ranks (`optional`) and the
 * first of its corrections (`correction`: null for a known word, or with `exact`); see
 * {@link resolvedSearch}, which ANDs them. The one definition of how a word is matched and corrected.
 */
function wordTerms(words: RawBuilder<unknown>, fuzzy: boolean, exact: boolean) {
  const prefix = fuzzy
    ? sql`CASE WHEN length(w.word) <= ${PREFIX_MAX_LENGTH} OR NOT k.known
          THEN '''' || replace(replace(w.word, '\\', '\\\\'), '''', '''''') || ''':*' END`
    : sql`NULL`
  // The filter names only the outer row, so PostgreSQL skips the lookups for a known word.
  const corrections =
    fuzzy && !exact
      ? sql`SELECT array_agg(c.word ORDER BY c.n) AS words FROM (
            SELECT found.word, row_number() OVER (ORDER BY min(found.tier), max(found.weight) DESC, found.word) AS n
            FROM (
              SELECT v.word, 0 AS tier, v.doc_count::float8 AS weight FROM search_words v
              WHERE v.word IN (${oneEditAway(sql`w.word`)}) AND v.doc_count > 0
              UNION ALL
              SELECT v.word, 1, similarity(v.word, w.word) FROM search_words v
              WHERE v.word % w.word AND v.doc_count > 0
            ) found
            WHERE NOT k.known
            GROUP BY found.word
            ORDER BY min(found.tier), max(found.weight) DESC, found.word
            LIMIT ${WORD_CORRECTIONS}
          ) c`
      : sql`SELECT NULL::text[] AS words`
  return sql`
    SELECT w.word,
      concat_ws(' | ', ${wordTerm(sql`w.word`)}, ${prefix},
        (SELECT string_agg(${wordTerm(sql`x.word`)}, ' | ' ORDER BY x.n)
          FROM unnest(c.words) WITH ORDINALITY AS x(word, n))
      ) AS term,
      length(w.word) = 1 OR numnode(plainto_tsquery('english', w.word)) = 0 AS optional,
      c.words[1] AS correction
    FROM ${words}
    CROSS JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM search_words v WHERE v.word = w.word AND v.doc_count > 0) AS known
    ) k
    CROSS JOIN LATERAL (${corrections}) c`
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
  return (await resolveSearchWords(trx, search)).tsquery
}

/**
 * {@link resolveSearch} with the corrections it made ({@link ResolvedSearch}); `exact` makes none, so a
 * misspelt word matches only itself and its prefix.
 */
export async function resolveSearchWords(
  trx: Transaction<Database>,
  search: string,
  opts: { exact?: boolean } = {},
): Promise<ResolvedSearch> {
  const exact = opts.exact ?? false
  await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(WORD_CORRECTION_THRESHOLD)}, true),
    set_config('enable_seqscan', 'off', true)`.execute(trx)
  // Its text never varies and its plan is index probes of the vocabulary whatever the words.
  const { rows } = await sql<{
    tsquery: string | null
    corrections: Array<[string, string]> | null
  }>`${preparedAs(exact ? 'search_tsquery_exact' : 'search_tsquery')}
    ${resolvedSearch(search, true, exact)}`.execute(trx)
  return { tsquery: rows[0]?.tsquery ?? null, corrections: rows[0]?.corrections ?? [] }
}

/**
 * One page of search results and the number of posts that match (at most {@link SEARCH_COUNT_CAP}),
 * all in PostgreSQL: the path of searches the in-memory index (search-index.ts) does not answer (with
 * browse filters, or before the index is built). The search's words are resolved against the vocabulary first (index probes of a table of a few
 * thousand words, whatever the number of posts), then one statement matches, counts and ranks with
 * that tsquery over posts.search; no statement compares the search with posts by trigrams.
 */
export async function searchPostsInDatabase(
  db: Kysely<Database>,
  search: string,
  opts: { limit: number; offset: number; filters?: BrowseFilters; exact?: boolean },
): Promise<{ rows: PostCardRow[]; total: number; corrections: Array<[string, string]> }> {
  return db.transaction().execute(async (trx) => {
    const { tsquery, corrections } = await resolveSearchWords(trx, search, { exact: opts.exact ?? false })
    if (!tsquery) return { rows: [], total: 0, corrections }
    const rows = await searchPageQuery(trx, search, { ...opts, tsquery }).execute()
    const first = rows[0]
    // A page past the last match has no row to carry the count.
    const total = first
      ? Number(first.matches)
      : opts.offset === 0
        ? 0
        : await countMatches(trx, tsquery, opts.filters)
    return { rows, total, corrections }
  })
}

/** A word of a search, as {@link readWordForms} reads it. */
export interface WordFormRow {
  /** The whitespace-separated piece of the search the word came from. */
  token: string
  /** A lexeme of the simple configuration. */
  word: string
  /** The word's own term as tsquery text (english stem or simple lexeme), parenthesised. */
  term: string
  /** Whether it only ranks (one letter, or an english stop word); see {@link searchTsquery}. */
  optional: boolean
}

/**
 * The words of each token (a whitespace-separated piece of a search, with the space before it unless it
 * starts the search: outside tags, PostgreSQL's parser never joins across whitespace, so a search's
 * words are its pieces' words) with their own terms, as
 * {@link wordTerms} starts them. The in-memory index adds prefixes and corrections from its copy of the
 * vocabulary, and keeps the result per token.
 */
export function readWordForms(db: Kysely<Database>, tokens: readonly string[]): Promise<WordFormRow[]> {
  return wordFormsStatement(db, [...tokens])
}

/** {@link readWordForms}'s statement, compiled once: a search with a piece not seen before runs it. */
const wordFormsStatement = fixedStatement<[string[]], WordFormRow>(
  'word_forms',
  1,
  (tokens) => sql`SELECT t.token, w.word, ${wordTerm(sql`w.word`)} AS term,
      length(w.word) = 1 OR numnode(plainto_tsquery('english', w.word)) = 0 AS optional
    FROM unnest(${tokens}::text[]) AS t(token)
    CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('simple', t.token))) AS w(word)`,
)

/** A vocabulary word with its post count and its own term (see {@link readWordForms}). */
export interface VocabularyRow {
  word: string
  doc_count: number
  term: string
}

/** The vocabulary words in use, in the database's order of words (corrections break ties by it). */
export async function readVocabulary(db: Kysely<Database>): Promise<VocabularyRow[]> {
  const { rows } = await sql<VocabularyRow>`SELECT v.word, v.doc_count, ${wordTerm(sql`v.word`)} AS term
    FROM search_words v WHERE v.doc_count > 0 ORDER BY v.word`.execute(db)
  return rows
}

/** A vocabulary word with its post count, without its term (see {@link readVocabularyCounts}). */
export type VocabularyCountRow = Omit<VocabularyRow, 'term'>

/**
 * The vocabulary words in use and their counts, in the database's order of words: what a copy of the
 * vocabulary needs to follow a change, the terms of words it does not hold read apart
 * ({@link readWordTerms}). Computing every word's term was most of reading the whole vocabulary.
 */
export async function readVocabularyCounts(db: Kysely<Database>): Promise<VocabularyCountRow[]> {
  const { rows } = await sql<VocabularyCountRow>`SELECT v.word, v.doc_count
    FROM search_words v WHERE v.doc_count > 0 ORDER BY v.word`.execute(db)
  return rows
}

/** The own terms of `words` as {@link readVocabulary} gives them. */
export async function readWordTerms(
  db: Kysely<Database>,
  words: readonly string[],
): Promise<Array<{ word: string; term: string }>> {
  const { rows } = await sql<{ word: string; term: string }>`SELECT w.word, ${wordTerm(sql`w.word`)} AS term
    FROM unnest(${[...words]}::text[]) AS w(word)`.execute(db)
  return rows
}

/**
 * A page of a search among `pool`, the ids of the best matches in the in-memory index's order, cut in
 * consecutive chunks of `chunk`: each chunk is ordered as {@link searchPageQuery} orders its pool (text
 * rank plus the best trigram word similarity of the search to title or command, ties by newest), and
 * the chunks follow each other. A page is a window of that order (`offset` counts from the pool's
 * start), so consecutive pages never repeat or skip a post; when all matches fit in one chunk, both
 * paths give the same page. Reads only the rows of the chunks the window covers, by primary key.
 * Gives the page's ids in order, the cards of those not among `held` (posts whose cards the caller
 * already has: ranking a page costs the database less than building its cards), and what ranking
 * needs of the posts of `wanted` (search-rank.ts ranks them in memory next time).
 */
export async function searchPageOfPool(
  db: Kysely<Database>,
  search: string,
  tsquery: string,
  pool: readonly string[],
  chunk: number,
  window: { limit: number; offset: number },
  held: readonly string[] = [],
  wanted: readonly string[] = [],
): Promise<{ ids: string[]; rows: PostCardRow[]; sources: Array<RankSource & { id: string }> }> {
  const first = chunkStart(window.offset, chunk)
  const ids = pool.slice(first, chunkEnd(window, chunk))
  const chunks = ids.map((_, i) => Math.floor(i / chunk))
  const [row] = await poolPageStatement(
    db,
    ids,
    chunks,
    tsquery,
    search,
    window.limit,
    window.offset - first,
    [...held],
    [...wanted],
  )
  return {
    ids: row?.ids ?? [],
    rows: (row?.posts ?? []).map(toPostCardRow),
    sources: row?.sources ?? [],
  }
}

/** Where the chunk holding the window's first post starts in the pool. */
export const chunkStart = (offset: number, chunk: number) => Math.floor(offset / chunk) * chunk

/** Where the chunk holding the window's last post ends in the pool. */
export const chunkEnd = (window: { limit: number; offset: number }, chunk: number) =>
  Math.ceil((window.offset + window.limit) / chunk) * chunk

/** What search-rank.ts needs of a post, as JSON. */
const RANK_SOURCE = sql`json_build_object('id', m.id, 'search', m.search::text, 'title', m.title,
  'command', m.command)`

/**
 * {@link searchPageOfPool}'s one statement, prepared: it runs for every search the index answers, and
 * planning it cost as much as running it (a nested loop over the pool's primary keys either way).
 */
const poolPageStatement = fixedStatement<
  [string[], number[], string, string, number, number, string[], string[]],
  { ids: string[] | null; posts: PostCardJson[]; sources: Array<RankSource & { id: string }> | null }
>('search_pool_page', 8, (ids, chunks, tsquery, search, limit, offset, held, wanted) => {
  const query = sql`${tsquery}::tsquery`
  return sql<{
    ids: string[] | null
    posts: PostCardJson[]
    sources: Array<RankSource & { id: string }> | null
  }>`WITH page AS (
      SELECT m.id, row_number() OVER (
          ORDER BY pool.chunk,
            ts_rank(m.search, ${query}) + greatest(word_similarity(${search}, m.title), word_similarity(${search}, m.command)) DESC,
            m.created_at DESC
        ) AS place
      FROM unnest(${ids}::uuid[], ${chunks}::int[]) AS pool(id, chunk)
      JOIN posts m ON m.id = pool.id
      ORDER BY place
      LIMIT ${limit}::int OFFSET ${offset}::int
    )
    SELECT (SELECT array_agg(page.id ORDER BY page.place) FROM page) AS ids,
      ${cardsJson(sql<SqlBool>`p.id IN (SELECT page.id FROM page WHERE page.id <> ALL(${held}::uuid[]))`, [
        sql`(SELECT -page.place FROM page WHERE page.id = p.id)`,
      ])} AS posts,
      (SELECT json_agg(${RANK_SOURCE}) FROM posts m WHERE m.id = ANY(${wanted}::uuid[])) AS sources`
})

/** The cards of the posts `ids`, in no particular order (the in-memory index ranked their page). */
export async function readCards(db: Kysely<Database>, ids: readonly string[]): Promise<PostCardRow[]> {
  const [row] = await cardsStatement(db, [...ids])
  return (row?.posts ?? []).map(toPostCardRow)
}

const cardsStatement = fixedStatement<[string[]], { posts: PostCardJson[] }>(
  'search_cards',
  1,
  (ids) =>
    sql<{
      posts: PostCardJson[]
    }>`SELECT ${cardsJson(sql<SqlBool>`p.id = ANY(${ids}::uuid[])`, [sql`p.id`])} AS posts`,
)

/** A post as the in-memory search index reads it: its id, creation time and search vector as text. */
export interface SearchDocumentRow {
  id: string
  created_ms: number
  search: string
}

/**
 * A post's creation time in milliseconds, as the index stores it: the table check compares the newest
 * with the index's, so both must come from this one expression.
 */
const CREATED_MS = sql<number>`(extract(epoch FROM created_at) * 1000)::float8`

const searchDocumentColumns = sql`id, ${CREATED_MS} AS created_ms, search::text AS search`

/** Where a build stopped reading: the last post read, by creation time (exact, as text) and id. */
export interface SearchDocumentCursor {
  createdAt: string
  id: string
}

/**
 * Up to `limit` posts after `after`, oldest first (ties by id, descending: the order of a backward scan
 * of posts_created_at_id_idx), each with its cursor. The index numbers its documents in this order, so
 * a higher number is a newer post.
 */
export async function readSearchDocuments(
  db: Kysely<Database>,
  after: SearchDocumentCursor | null,
  limit: number,
): Promise<Array<SearchDocumentRow & { created_text: string }>> {
  const condition =
    after === null
      ? sql`TRUE`
      : sql`created_at >= ${after.createdAt}::timestamptz
          AND (created_at > ${after.createdAt}::timestamptz OR id < ${after.id}::uuid)`
  const { rows } = await sql<SearchDocumentRow & { created_text: string }>`SELECT ${searchDocumentColumns},
      created_at::text AS created_text
    FROM posts WHERE ${condition} ORDER BY created_at, id DESC LIMIT ${limit}`.execute(db)
  return rows
}

/** The posts of `ids` that exist (the index re-reads posts that were created, edited or deleted). */
export async function readSearchDocumentsById(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<SearchDocumentRow[]> {
  const { rows } = await sql<SearchDocumentRow>`SELECT ${searchDocumentColumns} FROM posts
    WHERE id = ANY(${sql.val(ids)}::uuid[])`.execute(db)
  return rows
}

/** How many posts there are and when the newest was created: what the search index compares itself with. */
export async function readPostsFingerprint(
  db: Kysely<Database>,
): Promise<{ count: number; newestMs: number | null }> {
  // The trigger-kept count (migration 0002) and the newest post from its index: a count(*) read every
  // post, about a second of database time on 1M posts every minute on every instance.
  const { rows } = await sql<{ count: string; newest_ms: number | null }>`SELECT
    (SELECT coalesce(sum(n), 0) FROM counters.post_counts) AS count,
    (SELECT ${CREATED_MS} FROM posts ORDER BY created_at DESC LIMIT 1) AS newest_ms`.execute(db)
  return { count: Number(rows[0]?.count ?? 0), newestMs: rows[0]?.newest_ms ?? null }
}
