import { type Static, Type } from 'typebox'
import { BadgeName, Id, PageNumber } from './common.ts'
import { Category, Pagination, PostCard, ReactedPosts } from './posts.ts'
import { PlatformStats } from './stats.ts'
import { SEARCH_MAX_LENGTH } from './values.ts'

export { SEARCH_MAX_LENGTH } from './values.ts'

/** One row of the home page's weekly leaderboard card: points gained in the last 7 days. */
export const WeeklyLeader = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  points: Type.Integer({ minimum: 0 }),
  badge: BadgeName,
})
export type WeeklyLeader = Static<typeof WeeklyLeader>

/**
 * GET /api/website (home): the 10 newest posts, the 2 most upvoted posts created in the last 7 days,
 * every category, the platform stats, the top 5 weekly gainers, the caller's votes among those posts
 * (null for guests) and the live ids of the `posts` and `stats` topics.
 */
export const WebsiteResponse = Type.Object({
  latestPosts: Type.Array(PostCard, { maxItems: 10 }),
  topWeeklyPosts: Type.Array(PostCard, { maxItems: 2 }),
  categories: Type.Array(Category),
  platformStats: PlatformStats,
  userLeaderboard: Type.Array(WeeklyLeader, { maxItems: 5 }),
  myReactedPosts: Type.Union([ReactedPosts, Type.Null()]),
  liveIds: Type.Object({ posts: Type.String(), stats: Type.String() }),
})
export type WebsiteResponse = Static<typeof WebsiteResponse>

/** Browse sort orders (docs/product-rules.md#lists); ties are broken by newest. */
export const BrowseSort = Type.Union([
  Type.Literal('latest'),
  Type.Literal('trending'),
  Type.Literal('upvotes'),
  Type.Literal('views'),
])
export type BrowseSort = Static<typeof BrowseSort>

/** A calendar day, `YYYY-MM-DD`, read in UTC. */
export const CalendarDay = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 })

/** Most tags one browse filter may require. */
export const MAX_FILTER_TAGS = 10

/**
 * The browse filters, all optional and combined with AND (with each other, the category, the sort and
 * the search). `tags`: the post has every one of them (comma-separated, or the parameter repeated);
 * `from`/`to`: created on or after / on or before that UTC day; `hasPlaceholders`: the command has (or,
 * false, has no) placeholders to fill in; `hasWarning`: the command has (or has no) safety warning;
 * `minScore`: upvotes minus downvotes at least this.
 */
export const BrowseFilterFields = {
  tags: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 400 }),
      Type.Array(Type.String({ maxLength: 400 }), { maxItems: MAX_FILTER_TAGS }),
    ]),
  ),
  from: Type.Optional(CalendarDay),
  to: Type.Optional(CalendarDay),
  hasPlaceholders: Type.Optional(Type.Boolean()),
  hasWarning: Type.Optional(Type.Boolean()),
  minScore: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
}

/**
 * GET /api/website/browse query. `category` is a category id or slug. A non-empty (trimmed) `search`
 * switches to search mode: ranked results, `sort` and `category` ignored (the filters still apply).
 * `exact` searches the words as typed: a misspelt word is not corrected (its prefix still matches).
 */
export const BrowseQuery = Type.Object({
  page: Type.Optional(PageNumber),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  exact: Type.Optional(Type.Boolean()),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(BrowseSort),
  ...BrowseFilterFields,
})
export type BrowseQuery = Static<typeof BrowseQuery>

/**
 * GET /api/website/browse answer. `search` is the trimmed search term in search mode, else null;
 * `correctedSearch`, only when the search corrected a misspelt word, is the search with each corrected
 * word replaced by the word searched in its place (`gerp` → `grep`). `pagination.totalPosts` is the
 * number of matching posts, counted up to SEARCH_COUNT_CAP (contract/values.ts) in search mode.
 * `liveId` is the id of the last `posts` event the page reflects (read before the query; a cached page's
 * moves with the events patched into it).
 */
export const BrowseResponse = Type.Object({
  posts: Type.Array(PostCard),
  categories: Type.Array(Category),
  pagination: Pagination,
  myReactedPosts: Type.Union([ReactedPosts, Type.Null()]),
  search: Type.Union([Type.String(), Type.Null()]),
  correctedSearch: Type.Optional(Type.String()),
  liveId: Type.String(),
})
export type BrowseResponse = Static<typeof BrowseResponse>

/** GET /api/website/tags query: `q` narrows the list to tags starting with it. */
export const TagsQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 30 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
})
export type TagsQuery = Static<typeof TagsQuery>

/** GET /api/website/tags answer: the most used tags (matching `q`), with how many posts carry each. */
export const TagsResponse = Type.Object({
  tags: Type.Array(Type.Object({ tag: Type.String(), postCount: Type.Integer({ minimum: 0 }) })),
})
export type TagsResponse = Static<typeof TagsResponse>
