import { type Static, Type } from 'typebox'
import { ProfileHeader } from './accounts.ts'
import { BadgeName, Id } from './common.ts'

/*
 * The member's own pages (issue 4): the profile with its tabs, and the settings updates. Names start
 * with `Profile`/`Update` so they do not clash with the posts and accounts contracts.
 */

/** How many rows each profile list (posts, favorites, comments) returns at most, newest first. */
export const PROFILE_LIST_LIMIT = 50

/** A post in the profile's My Posts tab. */
export const ProfilePost = Type.Object({
  _id: Id,
  title: Type.String(),
  slug: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  uplikeCount: Type.Integer({ minimum: 0 }),
  downlikeCount: Type.Integer({ minimum: 0 }),
  commentsCount: Type.Integer({ minimum: 0 }),
  viewCount: Type.Integer({ minimum: 0 }),
})
export type ProfilePost = Static<typeof ProfilePost>

/** A post the user upvoted (Favorites tab), with its author; ordered by the vote, newest first. */
export const ProfileFavorite = Type.Object({
  ...ProfilePost.properties,
  author: Type.Object({ _id: Id, username: Type.String() }),
})
export type ProfileFavorite = Static<typeof ProfileFavorite>

/** A comment the user wrote (Comments tab), with the post it belongs to. `content` is plain text. */
export const ProfileComment = Type.Object({
  _id: Id,
  content: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  post: Type.Object({ _id: Id, title: Type.String(), slug: Type.String() }),
})
export type ProfileComment = Static<typeof ProfileComment>

/**
 * Where the user stands between their tier and the next: `percent` of the gap covered (100 at the
 * top tier, where `next` is null and `pointsToNext` 0).
 */
export const ProfileBadgeProgress = Type.Object({
  badge: BadgeName,
  next: Type.Union([BadgeName, Type.Null()]),
  pointsToNext: Type.Integer({ minimum: 0 }),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
})
export type ProfileBadgeProgress = Static<typeof ProfileBadgeProgress>

/**
 * One row of the Badge Progress tab, for every tier lowest first: `earned` when the user's points
 * reach `min` (shown as Earned), else `percent` of `min` reached so far (shown as In Progress).
 */
export const ProfileTier = Type.Object({
  name: BadgeName,
  min: Type.Integer({ minimum: 0 }),
  earned: Type.Boolean(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
})
export type ProfileTier = Static<typeof ProfileTier>

/**
 * `GET /api/website/user/profile` (member): the header fields, `createdAt` (member since),
 * `totalPosts` (all of them, though `posts` lists at most 50), the tier badge with its progress and
 * the three tab lists. `email` is absent when the request is authenticated by a personal access
 * token (as in `CurrentUserHeader`).
 */
export const UserProfile = Type.Object({
  ...ProfileHeader.properties,
  email: Type.Optional(Type.String()),
  badgeProgress: ProfileBadgeProgress,
  tiers: Type.Array(ProfileTier),
  createdAt: Type.String({ format: 'date-time' }),
  totalPosts: Type.Integer({ minimum: 0 }),
  posts: Type.Array(ProfilePost, { maxItems: PROFILE_LIST_LIMIT }),
  favorites: Type.Array(ProfileFavorite, { maxItems: PROFILE_LIST_LIMIT }),
  comments: Type.Array(ProfileComment, { maxItems: PROFILE_LIST_LIMIT }),
})
export type UserProfile = Static<typeof UserProfile>

/**
 * `PUT /api/users` profile form: the new username and email (both required). The service trims them
 * and checks the signup rules (422 naming the field); a name or email taken by someone else is a 409
 * naming the field.
 */
export const UpdateProfileBody = Type.Object(
  {
    username: Type.String({ maxLength: 200 }),
    email: Type.String({ maxLength: 400 }),
  },
  { additionalProperties: false },
)
export type UpdateProfileBody = Static<typeof UpdateProfileBody>

/**
 * `PUT /api/users` password form. A wrong `currentPassword` is a 422 'Current password is incorrect'
 * (not a 401, so the client stays signed in); a `newPassword` under 6 characters is a 422 'Password
 * must be at least 6 characters long'. Repeated wrong current passwords are rate limited like logins.
 */
export const UpdatePasswordBody = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    newPassword: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
)
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>

/** `PUT /api/users` body: either form; a mix of both, or unknown fields, is a 400. */
export const UpdateUserBody = Type.Union([UpdateProfileBody, UpdatePasswordBody])
export type UpdateUserBody = Static<typeof UpdateUserBody>

/**
 * Answer of `PUT /api/users`: the updated header. After a password change every other session's token
 * is refused, and `token`/`expiresAt` carry a fresh token for this session (the client replaces its own).
 */
export const UpdateUserResponse = Type.Object({
  ...ProfileHeader.properties,
  token: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
})
export type UpdateUserResponse = Static<typeof UpdateUserResponse>

export { AVATAR_CROP_INVALID, AVATAR_FORM_FIELDS, AVATAR_MAX_BYTES, IMAGE_MESSAGES } from './limits.ts'
/** Side of the square an avatar is re-encoded to, at most. */
export const AVATAR_MAX_SIDE = 512

/**
 * The square of the uploaded image that becomes the avatar, in pixels of the upright image: sent as the
 * text fields `cropX`, `cropY` and `cropSize` (`AVATAR_FORM_FIELDS`), whole numbers written with digits
 * only. That it lies inside the image is checked once the image's size is known (422 either way).
 */
export const AvatarCrop = Type.Object(
  {
    x: Type.Integer({ minimum: 0 }),
    y: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
)
export type AvatarCrop = Static<typeof AvatarCrop>

/**
 * `PUT /api/users/avatar` (member) answers the updated header; `avatar` is `/uploads/avatars/<name>`.
 * The request is multipart with one file field `image` (JPEG or PNG by content, else 415) and, optionally,
 * the square to keep ({@link AvatarCrop}; without it the centred square is kept).
 */
export const UpdateAvatarResponse = ProfileHeader
export type UpdateAvatarResponse = Static<typeof UpdateAvatarResponse>
