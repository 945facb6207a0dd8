import { type Static, Type } from 'typebox'
import { BadgeName, Id, PageNumber } from './common.ts'
import { Category, Pagination, PostCard, ReactedPosts } from './posts.ts'
import { PlatformStats } from './stats.ts'

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

/** Browse sort orders (DESIGN §4); ties are broken by newest. */
export const BrowseSort = Type.Union([
  Type.Literal('latest'),
  Type.Literal('trending'),
  Type.Literal('upvotes'),
  Type.Literal('views'),
])
export type BrowseSort = Static<typeof BrowseSort>

/**
 * GET /api/website/browse query. `category` is a category id or slug. A non-empty (trimmed) `search`
 * switches to search mode: ranked results, `sort` and `category` ignored.
 */
export const BrowseQuery = Type.Object({
  page: Type.Optional(PageNumber),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(BrowseSort),
})
export type BrowseQuery = Static<typeof BrowseQuery>

/**
 * GET /api/website/browse answer. `search` is the trimmed search term in search mode, else null.
 * `liveId` is the `posts` topic's id read before the query.
 */
export const BrowseResponse = Type.Object({
  posts: Type.Array(PostCard),
  categories: Type.Array(Category),
  pagination: Pagination,
  myReactedPosts: Type.Union([ReactedPosts, Type.Null()]),
  search: Type.Union([Type.String(), Type.Null()]),
  liveId: Type.String(),
})
export type BrowseResponse = Static<typeof BrowseResponse>
