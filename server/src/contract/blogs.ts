import { type Static, Type } from 'typebox'
import { Id, IdParams, NullableDateTime, PageNumber } from './common.ts'

export { BLOG_MESSAGES, BLOG_METADESCRIPTION_MAX_LENGTH, BLOG_TITLE_MAX_LENGTH } from './limits.ts'
export { BLOG_PAGE_SIZE } from './values.ts'

/*
 * The blog (docs/product-rules.md#blog): the public list and article, and the
 * moderators' writing desk in the console. Content is HTML sanitised on the server with the same
 * allowlist as post descriptions (contract/rich-text.ts); clients sanitise it again before rendering.
 */

/** Largest `limit` of `GET /api/blogs`. */
export const BLOG_MAX_PAGE_SIZE = 50
/** Words read per minute for `readingTime` (words / 200, rounded up, at least 1). */
export const BLOG_WORDS_PER_MINUTE = 200

/** Whether an article is visible to everyone (`published`) or only in the console (`draft`). */
export const BlogStatus = Type.Union([Type.Literal('draft'), Type.Literal('published')])
export type BlogStatus = Static<typeof BlogStatus>

/**
 * An article as listed on /blog. `image` is a URL ready for `<img src>`: `/uploads/blogs/<file>`, a
 * full URL kept as is, or null (show the placeholder). `createdAt` is the publication time.
 * `readingTime` is in minutes (words / 200, rounded up, at least 1).
 */
export const BlogSummary = Type.Object({
  _id: Id,
  slug: Type.String(),
  title: Type.String(),
  author: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  metadescription: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  viewCount: Type.Integer({ minimum: 0 }),
  readingTime: Type.Integer({ minimum: 1 }),
})
export type BlogSummary = Static<typeof BlogSummary>

/** An article with its sanitised HTML `content` (GET /api/blogs/{slug}). */
export const Blog = Type.Object({ ...BlogSummary.properties, content: Type.String() })
export type Blog = Static<typeof Blog>

/** Query of `GET /api/blogs`: `page` from 1, `limit` 1–50 (default 6). */
export const BlogListQuery = Type.Object({
  page: Type.Optional(PageNumber),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: BLOG_MAX_PAGE_SIZE })),
})
export type BlogListQuery = Static<typeof BlogListQuery>

/**
 * `GET /api/blogs`: published articles, newest publication first. `currentPage` echoes the page asked
 * for (a page past the end gives an empty list); `totalPages` is 0 when there is no article.
 */
export const BlogListResponse = Type.Object({
  blogs: Type.Array(BlogSummary),
  totalBlogs: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
})
export type BlogListResponse = Static<typeof BlogListResponse>

/** Path of `GET /api/blogs/{slug}`. */
export const BlogSlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 300 }) })
export type BlogSlugParams = Static<typeof BlogSlugParams>

/**
 * `GET /api/blogs/{slug}`: a published article (one view counted per visitor per hour). A draft or an
 * unknown slug is 404 'Blog post not found'.
 */
export const BlogDetailResponse = Type.Object({ blog: Blog })
export type BlogDetailResponse = Static<typeof BlogDetailResponse>

// ---------------------------------------------------------------------------------------------
// Moderation console: /api/mod/blogs (moderators only)
// ---------------------------------------------------------------------------------------------

/**
 * An article as the console shows it, drafts included. `imageName` is the stored value to send back
 * on update (an upload name or a full URL, or null); `image` is its URL. `publishedAt` is null for a
 * draft never published; `createdAt` is when the article was first written.
 */
export const ModBlog = Type.Object({
  _id: Id,
  slug: Type.String(),
  title: Type.String(),
  author: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  imageName: Type.Union([Type.String(), Type.Null()]),
  metadescription: Type.String(),
  content: Type.String(),
  status: BlogStatus,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  publishedAt: NullableDateTime,
  viewCount: Type.Integer({ minimum: 0 }),
  readingTime: Type.Integer({ minimum: 1 }),
})
export type ModBlog = Static<typeof ModBlog>

/** `GET /api/mod/blogs`: every article, drafts too, most recently changed first. */
export const ModBlogListResponse = Type.Object({ blogs: Type.Array(ModBlog) })
export type ModBlogListResponse = Static<typeof ModBlogListResponse>

/**
 * `POST /api/mod/blogs`. Shapes are checked by the schema (400); the service trims and answers 422
 * with {@link BLOG_MESSAGES}. `content` is HTML from the editor (sanitised with the rich-text
 * allowlist). `image` is a name returned by `POST /api/mod/blogs/image`, a full `https://` URL, or
 * null. The slug is derived from the title; a taken slug is 409. Publishing sets `publishedAt` the
 * first time.
 */
export const CreateBlogBody = Type.Object(
  {
    title: Type.String({ maxLength: 1000 }),
    metadescription: Type.String({ maxLength: 2000 }),
    content: Type.String({ maxLength: 200_000 }),
    image: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
    status: BlogStatus,
  },
  { additionalProperties: false },
)
export type CreateBlogBody = Static<typeof CreateBlogBody>

/** `PUT /api/mod/blogs/{id}`: the fields to change (same rules as create), e.g. `{status}` alone. */
export const UpdateBlogBody = Type.Partial(CreateBlogBody, { additionalProperties: false })
export type UpdateBlogBody = Static<typeof UpdateBlogBody>

/** Path of `PUT` and `DELETE /api/mod/blogs/{id}`. */
export const BlogIdParams = IdParams
export type BlogIdParams = IdParams

/** Answer to create (201) and update. */
export const ModBlogResponse = Type.Object({ blog: ModBlog })
export type ModBlogResponse = Static<typeof ModBlogResponse>

/** Answer to `DELETE /api/mod/blogs/{id}`. */
export const DeleteBlogResponse = Type.Object({ blogId: Id })
export type DeleteBlogResponse = Static<typeof DeleteBlogResponse>
