import { type Static, Type } from 'typebox'
import { CollectionSummary } from './collections.ts'
import { BadgeName, Id, PageNumber } from './common.ts'
import { ProfileComment, ProfilePost } from './people.ts'
import { Pagination } from './posts.ts'

/*
 * A member's public page, `/u/<username>`: what anyone may see of them. Names start with `Public` so
 * they do not clash with the member's own profile (contract/people.ts).
 */

/** The 404 message for an unknown username (API and page head). */
export const USER_NOT_FOUND = 'User not found'

/** Posts per page of a public profile, newest first. */
export const PUBLIC_PROFILE_POSTS_PAGE_SIZE = 10
/** How many of the member's latest comments a public profile lists. */
export const PUBLIC_PROFILE_COMMENTS_LIMIT = 20

/** Path of `GET /api/users/{username}/profile`; the name is matched without regard to case. */
export const PublicProfileParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) })
export type PublicProfileParams = Static<typeof PublicProfileParams>

/** Query of `GET /api/users/{username}/profile`: the page of the member's posts (1 when absent). */
export const PublicProfileQuery = Type.Object(
  { page: Type.Optional(PageNumber) },
  { additionalProperties: false },
)
export type PublicProfileQuery = Static<typeof PublicProfileQuery>

/** A post on a public profile: the profile list's fields plus the command itself. */
export const PublicProfilePost = Type.Object({
  ...ProfilePost.properties,
  command: Type.String(),
})
export type PublicProfilePost = Static<typeof PublicProfilePost>

/** Who the member is: never their email, role history or anything private. */
export const PublicProfileUser = Type.Object({
  _id: Id,
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  badge: BadgeName,
  points: Type.Integer(),
  /** Member since. */
  createdAt: Type.String({ format: 'date-time' }),
  totalPosts: Type.Integer({ minimum: 0 }),
  totalComments: Type.Integer({ minimum: 0 }),
})
export type PublicProfileUser = Static<typeof PublicProfileUser>

/**
 * `GET /api/users/{username}/profile` (anyone, token scope `read`; an unknown user is a 404): the
 * member, one page of their posts (`postsPage`), their public collections (the same list as
 * `GET /api/users/{username}/collections`) and their latest comments with the posts they are on.
 */
export const PublicProfileResponse = Type.Object({
  user: PublicProfileUser,
  posts: Type.Array(PublicProfilePost, { maxItems: PUBLIC_PROFILE_POSTS_PAGE_SIZE }),
  postsPage: Pagination,
  collections: Type.Array(CollectionSummary),
  comments: Type.Array(ProfileComment, { maxItems: PUBLIC_PROFILE_COMMENTS_LIMIT }),
})
export type PublicProfileResponse = Static<typeof PublicProfileResponse>
