import { type Static, Type } from 'typebox'

/** The object a duplicate clashes with, for a client to link to (e.g. `{slug, path: '/post/<slug>'}`). */
export const ExistingObject = Type.Object({
  slug: Type.String(),
  path: Type.String({ description: "The site path of the existing object's page" }),
})
export type ExistingObject = Static<typeof ExistingObject>

/**
 * Every error the API answers: `error` is the HTTP reason phrase, `message` is for people. A 409 about a
 * duplicate the caller may open (today: a post whose command is already on the site) also carries
 * `field`, the request field that clashes, and `existing`, the object it clashes with; every other
 * error has just the three properties.
 */
export const ErrorResponse = Type.Object({
  statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
  error: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
  existing: Type.Optional(ExistingObject),
})
export type ErrorResponse = Static<typeof ErrorResponse>

/** The access levels a route can declare; each level includes the ones before it. */
export const Access = Type.Union([
  Type.Literal('public'),
  Type.Literal('member'),
  Type.Literal('contributor'),
  Type.Literal('moderator'),
])
export type Access = Static<typeof Access>

/** A user's role. `contributor: true` in the API means contributor or moderator. */
export const Role = Type.Union([
  Type.Literal('member'),
  Type.Literal('contributor'),
  Type.Literal('moderator'),
])
export type Role = Static<typeof Role>

/** Tier badge names, lowest first (docs/product-rules.md#badges). */
export const BadgeName = Type.Union([
  Type.Literal('Newbie'),
  Type.Literal('Explorer'),
  Type.Literal('Rising'),
  Type.Literal('Hot'),
  Type.Literal('Advanced'),
  Type.Literal('Pro'),
  Type.Literal('Expert'),
  Type.Literal('Legend'),
])
export type BadgeName = Static<typeof BadgeName>

/** UUIDs are the ids of every entity, sent as `_id` strings. */
export const Id = Type.String({ format: 'uuid' })

/**
 * Path `{id}` of a route that acts on one entity. Deliberately not a UUID format, so a malformed id
 * is a 404 from the service rather than a 400 from the schema.
 */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export type IdParams = Static<typeof IdParams>

/** A 1-based page number of a paginated list query (`page`). */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 10_000 })

/** An ISO-8601 timestamp, or null when the moment has not happened (or is open-ended). */
export const NullableDateTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()])

export { CONTENT_IMAGE_MAX_BYTES } from './limits.ts'

/**
 * Answer to `POST /api/mod/blogs/image` and `POST /api/mod/ads/image` (multipart field `image`, JPEG
 * or PNG up to 5 MB; re-encoded): `image` is the stored name to put in a create/update body, `url`
 * where it is served (for a preview). Wrong type 415, too big 413, too many pixels 422.
 */
export const UploadedImageResponse = Type.Object({ image: Type.String(), url: Type.String() })
export type UploadedImageResponse = Static<typeof UploadedImageResponse>
