import { type Static, Type } from 'typebox'
import { Id, IdParams, PageNumber } from './common.ts'
import { COLLECTION_LIMITS } from './limits.ts'
import { Pagination, PostCard } from './posts.ts'
import { EXPORT_FORMATS, SAVED_PAGE_SIZE } from './values.ts'

/*
 * Saved commands and collections. Saving is a private bookmark, separate from votes; a post's
 * `savedCount` is public and moves live (`post.saves` on `post:<id>`). A collection is a named,
 * ordered list of posts, public or private; a private one answers 404 to anyone but its owner, the
 * same answer as a collection that does not exist. Adding a post to a collection also saves it
 * (removing it from a collection leaves it saved), so "Saved" is always everything the user kept.
 */

export { COLLECTION_LIMITS, COLLECTION_MESSAGES } from './limits.ts'
export { EXPORT_FORMATS, SAVED_PAGE_SIZE } from './values.ts'

/** One export format: navi `.cheat`, tldr-style Markdown, or JSON. */
export const ExportFormat = Type.Union(EXPORT_FORMATS.map((format) => Type.Literal(format)))
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

// ---------------------------------------------------------------------------------------------
// Saves
// ---------------------------------------------------------------------------------------------

/**
 * Answer to `POST /api/posts/{id}/save` and `DELETE /api/posts/{id}/save` (member, token scope
 * `save`): whether the caller has the post saved now, and how many people saved it. Saving a saved
 * post or unsaving an unsaved one changes nothing and answers the current state. Unknown post → 404.
 */
export const SaveResponse = Type.Object({
  postId: Id,
  saved: Type.Boolean(),
  savedCount: Type.Integer({ minimum: 0 }),
})
export type SaveResponse = Static<typeof SaveResponse>

/** Query of `GET /api/users/me/saved`: the 1-based page (20 posts a page). */
export const SavedPostsQuery = Type.Object({ page: Type.Optional(PageNumber) })
export type SavedPostsQuery = Static<typeof SavedPostsQuery>

/**
 * `GET /api/users/me/saved` (member, token scope `read`): the caller's saved posts, the most recently
 * saved first (every card has `isSaved: true`). `liveId` is the last event id of the caller's
 * `user:<id>` topic read before the query (the web subscribes with it as `since`).
 */
export const SavedPostsResponse = Type.Object({
  posts: Type.Array(PostCard, { maxItems: SAVED_PAGE_SIZE }),
  pagination: Pagination,
  liveId: Type.String(),
})
export type SavedPostsResponse = Static<typeof SavedPostsResponse>

// ---------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------

/** The owner of a collection, as shown on its page. `avatar` is a URL path or null. */
export const CollectionOwner = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
})
export type CollectionOwner = Static<typeof CollectionOwner>

/**
 * A collection without its posts (lists, answers to writes, live events). `slug` is made from the
 * name, unique per owner and kept when the collection is renamed, so `url` (`/c/<username>/<slug>`,
 * the public page) stays stable. `description` is plain text ('' when none). `postCount` counts the
 * posts that still exist.
 */
export const CollectionSummary = Type.Object({
  _id: Id,
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  public: Type.Boolean(),
  owner: CollectionOwner,
  url: Type.String(),
  postCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type CollectionSummary = Static<typeof CollectionSummary>

/**
 * `GET /api/collections/{id}` and `GET /api/collections/by-slug/{username}/{slug}` (anyone for a
 * public collection, the owner only for a private one; token scope `read`): the collection and its
 * posts in the owner's order. Deleted posts are gone from it. `isOwner` tells the page whether to show
 * the owner's controls.
 */
export const CollectionDetail = Type.Object({
  ...CollectionSummary.properties,
  isOwner: Type.Boolean(),
  posts: Type.Array(PostCard, { maxItems: COLLECTION_LIMITS.postsPerCollection }),
})
export type CollectionDetail = Static<typeof CollectionDetail>

/**
 * One of the caller's collections in `GET /api/collections`. `hasPost` is present when the request
 * named `containsPost`: whether that post is in the collection (the "add to collection" picker).
 */
export const MyCollection = Type.Object({
  ...CollectionSummary.properties,
  hasPost: Type.Optional(Type.Boolean()),
})
export type MyCollection = Static<typeof MyCollection>

/** Query of `GET /api/collections`: `containsPost` (a post id) adds `hasPost` to each collection. */
export const MyCollectionsQuery = Type.Object({
  containsPost: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
})
export type MyCollectionsQuery = Static<typeof MyCollectionsQuery>

/**
 * `GET /api/collections` (member, token scope `read`): every collection of the caller, public and
 * private, the most recently updated first. `liveId` as in `SavedPostsResponse`.
 */
export const MyCollectionsResponse = Type.Object({
  collections: Type.Array(MyCollection, { maxItems: COLLECTION_LIMITS.collectionsPerUser }),
  liveId: Type.String(),
})
export type MyCollectionsResponse = Static<typeof MyCollectionsResponse>

/** Path of `GET /api/users/{username}/collections`. */
export const UserCollectionsParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) })
export type UserCollectionsParams = Static<typeof UserCollectionsParams>

/**
 * `GET /api/users/{username}/collections` (anyone, token scope `read`): the user's public
 * collections only, the most recently updated first (an unknown user is 404).
 */
export const UserCollectionsResponse = Type.Object({
  collections: Type.Array(CollectionSummary, { maxItems: COLLECTION_LIMITS.collectionsPerUser }),
})
export type UserCollectionsResponse = Static<typeof UserCollectionsResponse>

/**
 * `POST /api/collections` (member, token scope `save`) → 201 `CollectionSummary`. The schema checks
 * shapes (400); the service trims and answers 422 naming the field for the limits in
 * `COLLECTION_LIMITS`, 409 for a duplicate name or the 101st collection.
 */
export const CreateCollectionBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    public: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type CreateCollectionBody = Static<typeof CreateCollectionBody>

/**
 * `PATCH /api/collections/{id}` (owner, token scope `save`) → `CollectionSummary`: any of the fields
 * (at least one). Renaming keeps the slug, so shared links keep working.
 */
export const UpdateCollectionBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    public: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateCollectionBody = Static<typeof UpdateCollectionBody>

/** Path `{id}` of the collection routes (a malformed id is a 404, like an unknown one). */
export const CollectionParams = IdParams
export type CollectionParams = IdParams

/** Path of `GET /api/collections/by-slug/{username}/{slug}`. */
export const CollectionSlugParams = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  slug: Type.String({ minLength: 1, maxLength: 200 }),
})
export type CollectionSlugParams = Static<typeof CollectionSlugParams>

/** Path of `DELETE /api/collections/{id}/posts/{postId}`. */
export const CollectionPostParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  postId: Type.String({ minLength: 1, maxLength: 100 }),
})
export type CollectionPostParams = Static<typeof CollectionPostParams>

/** Answer to `DELETE /api/collections/{id}` (owner, token scope `save`). */
export const DeleteCollectionResponse = Type.Object({ collectionId: Id })
export type DeleteCollectionResponse = Static<typeof DeleteCollectionResponse>

/**
 * `POST /api/collections/{id}/posts` (owner, token scope `save`): adds the post at the end (adding a
 * post already there changes nothing) and saves it for the owner. Unknown post → 404; a full
 * collection → 409.
 */
export const AddCollectionPostBody = Type.Object(
  { postId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
)
export type AddCollectionPostBody = Static<typeof AddCollectionPostBody>

/**
 * Answer to adding a post (`saved`/`savedCount` are the post's save state after it) and to removing
 * one (`DELETE /api/collections/{id}/posts/{postId}`; the post stays saved, and removing a post that
 * is not there changes nothing). `collection` is the collection after the change.
 */
export const CollectionPostResponse = Type.Object({
  collection: CollectionSummary,
  postId: Id,
  saved: Type.Boolean(),
  savedCount: Type.Integer({ minimum: 0 }),
})
export type CollectionPostResponse = Static<typeof CollectionPostResponse>

/**
 * `PUT /api/collections/{id}/order` (owner, token scope `save`): the collection's post ids in their
 * new order. It must list exactly the collection's posts, each once, else 400.
 */
export const ReorderCollectionBody = Type.Object(
  {
    postIds: Type.Array(Type.String({ maxLength: 100 }), { maxItems: COLLECTION_LIMITS.postsPerCollection }),
  },
  { additionalProperties: false },
)
export type ReorderCollectionBody = Static<typeof ReorderCollectionBody>

/** Answer to `PUT /api/collections/{id}/order`: the collection and its post ids in the new order. */
export const ReorderCollectionResponse = Type.Object({
  collection: CollectionSummary,
  postIds: Type.Array(Id),
})
export type ReorderCollectionResponse = Static<typeof ReorderCollectionResponse>

// ---------------------------------------------------------------------------------------------
// Exports
// ---------------------------------------------------------------------------------------------

/**
 * Query of `GET /api/collections/{id}/export` (same access as the collection) and
 * `GET /api/users/me/saved/export` (member; token scope `read` for both). `format` defaults to
 * `navi`. The answer is a download (`Content-Disposition: attachment; filename="<slug>.<ext>"`):
 * navi → `text/plain` `.cheat`, tldr → `text/markdown` `.md`, json → `application/json` `.json`.
 */
export const ExportQuery = Type.Object({ format: Type.Optional(ExportFormat) })
export type ExportQuery = Static<typeof ExportQuery>

/**
 * One post of a JSON export. `description` is plain text; `url` is absolute; `placeholders` are the
 * names in order of first use.
 */
export const ExportedPost = Type.Object({
  title: Type.String(),
  command: Type.String(),
  description: Type.String(),
  placeholders: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  url: Type.String(),
})
export type ExportedPost = Static<typeof ExportedPost>

/** The JSON export of a collection (or of "all saved", whose `name` is "Saved commands"). */
export const CollectionExport = Type.Object({
  name: Type.String(),
  description: Type.String(),
  owner: Type.Object({ username: Type.String() }),
  url: Type.String(),
  posts: Type.Array(ExportedPost),
})
export type CollectionExport = Static<typeof CollectionExport>
