import { type RawBuilder, type SqlBool, sql } from 'kysely'
import { parseUtcTimestamp, utcTimestamp } from '../stats/json-dates-repo.ts'
import { EXCERPT_SOURCE, type PostCardRow } from './repo.ts'

/*
 * Post cards as JSON built by PostgreSQL, so one statement can answer a whole page (the post page's
 * post-page-repo.ts; website/home-repo.ts, browse-page-repo.ts, search-repo.ts): lists of different
 * shapes come back as columns of one row.
 * pg parses a json column with one JSON.parse, where a row set costs a parse per column and row.
 */

/** The dates of a card, which JSON carries as UTC timestamps (stats/json-dates-repo.ts). */
type CardDates = 'created_at' | 'edited_at' | 'author_created_at'

/** A post card row as {@link cardsJson} sends it: {@link PostCardRow} with its dates as text. */
export type PostCardJson = Omit<PostCardRow, CardDates> & {
  created_at: string
  edited_at: string | null
  author_created_at: string
}

/** Every field of a card and where it comes from (posts `p`, authors `u`, categories `c`). */
const CARD_FIELDS: Record<keyof PostCardRow, RawBuilder<unknown>> = {
  id: sql`p.id`,
  slug: sql`p.slug`,
  title: sql`p.title`,
  command: sql`p.command`,
  description: sql`p.description`,
  excerpt_source: EXCERPT_SOURCE,
  tags: sql`p.tags`,
  uplike_count: sql`p.uplike_count`,
  downlike_count: sql`p.downlike_count`,
  view_count: sql`p.view_count`,
  comments_count: sql`p.comments_count`,
  saved_count: sql`p.saved_count`,
  created_at: utcTimestamp('p.created_at'),
  edited_at: utcTimestamp('p.edited_at'),
  author_id: sql`u.id`,
  author_username: sql`u.username`,
  author_avatar: sql`u.avatar`,
  author_points: sql`u.points`,
  author_created_at: utcTimestamp('u.created_at'),
  category_id: sql`c.id`,
  category_name: sql`c.name`,
}

/**
 * A card of the post `p` as a row whose columns are named as {@link PostCardRow}'s keys, joined to each
 * post (`CROSS JOIN LATERAL … card`): aggregated whole, it is written as a JSON object by its column
 * names. PostgreSQL folds the subquery into the statement, so it reads nothing more. The JSON comes
 * out compact, without the spaces `json_build_object` puts around every key (the home page's statement
 * 3.6 % fewer bytes); the database's time differed by less than the machine's noise (bench/README.md,
 * session 24).
 */
const CARD_ROW = sql`CROSS JOIN LATERAL (SELECT ${sql.join(
  Object.entries(CARD_FIELDS).map(([key, value]) => sql`${value} AS ${sql.id(key)}`),
)}) card`

/**
 * The cards of the posts `ids` selects (a condition on `p.id`), as a JSON array in the order of
 * `order` (keys over `p`, each descending, as the row queries order them); `[]` when none.
 */
export function cardsJson(
  ids: RawBuilder<SqlBool>,
  order: ReadonlyArray<RawBuilder<unknown>>,
): RawBuilder<PostCardJson[]> {
  const keys = sql.join(
    order.map((key) => sql`${key} DESC`),
    sql`, `,
  )
  return sql<PostCardJson[]>`(
    SELECT coalesce(json_agg(card ORDER BY ${keys}), '[]'::json)
    FROM posts p JOIN users u ON u.id = p.author_id LEFT JOIN categories c ON c.id = p.category_id
    ${CARD_ROW}
    WHERE ${ids}
  )`
}

/** A card from {@link cardsJson} as the row queries give it, dates as Dates. */
export function toPostCardRow(card: PostCardJson): PostCardRow {
  return {
    ...card,
    created_at: parseUtcTimestamp(card.created_at),
    edited_at: card.edited_at === null ? null : parseUtcTimestamp(card.edited_at),
    author_created_at: parseUtcTimestamp(card.author_created_at),
  }
}
