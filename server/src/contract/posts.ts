import { type Static, Type } from 'typebox'
import { BadgeName, Id, IdParams, PageNumber } from './common.ts'
import { SEARCH_MAX_LENGTH } from './values.ts'

export { hasControlCharacters, POST_LIMITS, POST_RULE_MESSAGES } from './limits.ts'

/*
 * Posts (docs/product-rules.md#posts): cards, the detail page, create/update/delete and votes. Counts are
 * absolute values read from the post row, so the client replaces them instead of adding to them.
 */

/** The author shown on a post card and the detail page. `avatar` is a URL path or null. */
export const PostAuthor = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  badge: BadgeName,
  createdAt: Type.String({ format: 'date-time' }),
})
export type PostAuthor = Static<typeof PostAuthor>

/** One warning about a destructive command pattern (e.g. `rm -rf /`). */
export const CommandWarning = Type.Object({ id: Type.String(), message: Type.String() })
export type CommandWarning = Static<typeof CommandWarning>

/** What the server found dangerous in a command; `dangerous` is true when there is any warning. */
export const CommandSafety = Type.Object({
  dangerous: Type.Boolean(),
  warnings: Type.Array(CommandWarning),
})
export type CommandSafety = Static<typeof CommandSafety>

/** A category with its number of posts (sidebars, create-post select). */
export const Category = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  postCount: Type.Integer({ minimum: 0 }),
})
export type Category = Static<typeof Category>

/**
 * A post as shown on cards, the detail page and the `post.created` live event. `description` is
 * sanitised HTML (sanitise again before rendering); `excerpt` is its plain text cut to 160 characters.
 * `category` is null when the post has none ("Uncategorized").
 */
export const PostCard = Type.Object({
  _id: Id,
  slug: Type.String(),
  title: Type.String(),
  command: Type.String(),
  description: Type.String(),
  excerpt: Type.String({ maxLength: 160 }),
  createdAt: Type.String({ format: 'date-time' }),
  /** When the author or a moderator last edited the post; null until the first edit. */
  editedAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  author: PostAuthor,
  category: Type.Union([Type.Object({ _id: Id, name: Type.String() }), Type.Null()]),
  tags: Type.Array(Type.String()),
  uplikeCount: Type.Integer({ minimum: 0 }),
  downlikeCount: Type.Integer({ minimum: 0 }),
  viewCount: Type.Integer({ minimum: 0 }),
  commentsCount: Type.Integer({ minimum: 0 }),
  safety: CommandSafety,
  /**
   * The command's placeholder names (`<name>` and `{{name}}`, rule in contract/placeholders.ts), each
   * once, in order of first use; empty when it has none.
   */
  placeholders: Type.Array(Type.String()),
  /** How many people saved the post (moves live with `post.saves`). */
  savedCount: Type.Integer({ minimum: 0 }),
  /** Whether the caller saved it: always false for guests and in live `post.created`/`post.updated`. */
  isSaved: Type.Boolean(),
})
export type PostCard = Static<typeof PostCard>

/** The signed-in user's votes among the posts of a response (null for guests). */
export const ReactedPosts = Type.Object({
  likedPosts: Type.Array(Id),
  dislikedPosts: Type.Array(Id),
})
export type ReactedPosts = Static<typeof ReactedPosts>

/** Pagination of a list; `pageSize` is 10 for browse and the default for search. */
export const Pagination = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  totalPosts: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
})
export type Pagination = Static<typeof Pagination>

/** Path parameter of GET /api/posts/{idOrSlug}: a uuid or a slug. */
export const PostIdOrSlugParams = Type.Object({ idOrSlug: Type.String({ minLength: 1, maxLength: 200 }) })
export type PostIdOrSlugParams = Static<typeof PostIdOrSlugParams>

/** Path parameter `{id}` of vote and delete routes. */
export const PostIdParams = IdParams
export type PostIdParams = IdParams

/**
 * GET /api/posts/{idOrSlug}: the post, the caller's vote, up to 4 top posts of the same category,
 * and the `post:<id>` topic's live id.
 */
export const PostDetailResponse = Type.Object({
  post: PostCard,
  isLiked: Type.Boolean(),
  isDisliked: Type.Boolean(),
  /** Whether the caller saved the post (false for guests); the same as `post.isSaved`. */
  isSaved: Type.Boolean(),
  related: Type.Array(PostCard, { maxItems: 4 }),
  liveId: Type.String(),
})
export type PostDetailResponse = Static<typeof PostDetailResponse>

/**
 * POST /api/posts/create. The schema checks shapes only (missing or mistyped → 400); the service
 * trims values and answers 422 with the messages of docs/product-rules.md#create-post in their order.
 * `category` is a category id. `tags` add to the tags derived from the command.
 */
export const CreatePostBody = Type.Object(
  {
    title: Type.String({ maxLength: 1000 }),
    command: Type.String({ maxLength: 5000 }),
    description: Type.String({ maxLength: 100_000 }),
    category: Type.String({ maxLength: 100 }),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  },
  { additionalProperties: false },
)
export type CreatePostBody = Static<typeof CreatePostBody>

/** PUT /api/posts/update: the post id and the fields to change (same rules as create). */
export const UpdatePostBody = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    title: Type.Optional(Type.String({ maxLength: 1000 })),
    command: Type.Optional(Type.String({ maxLength: 5000 })),
    description: Type.Optional(Type.String({ maxLength: 100_000 })),
    category: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
)
export type UpdatePostBody = Static<typeof UpdatePostBody>

/** Answer to create (201) and update. */
export const PostResponse = Type.Object({ post: PostCard })
export type PostResponse = Static<typeof PostResponse>

/** Answer to DELETE /api/post/delete:{id} and DELETE /api/posts/{id}. */
export const DeletePostResponse = Type.Object({ postId: Id })
export type DeletePostResponse = Static<typeof DeletePostResponse>

/**
 * Answer to POST /api/posts/upvote/{id} and /downvote/{id}: the counts and the caller's vote after it.
 * `changed` is false when the press changed nothing because the caller already held that vote
 * (docs/product-rules.md#votes), so a client can say "already upvoted" rather than "upvoted".
 */
export const VoteResponse = Type.Object({
  postId: Id,
  uplikeCount: Type.Integer({ minimum: 0 }),
  downlikeCount: Type.Integer({ minimum: 0 }),
  isLiked: Type.Boolean(),
  isDisliked: Type.Boolean(),
  changed: Type.Boolean(),
})
export type VoteResponse = Static<typeof VoteResponse>

/** GET /api/posts/v1/search query: `search` is trimmed; an empty search gives an empty list. */
export const SearchQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
})
export type SearchQuery = Static<typeof SearchQuery>

/** GET /api/posts/v1/search answer, best matches first. */
export const SearchResponse = Type.Object({
  posts: Type.Array(PostCard),
  pagination: Pagination,
})
export type SearchResponse = Static<typeof SearchResponse>
