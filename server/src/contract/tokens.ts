import { type Static, Type } from 'typebox'
import { Id, NullableDateTime } from './common.ts'
import { TOKEN_LIMITS } from './limits.ts'
import { TOKEN_EXPIRY_DAYS, TOKEN_SCOPES } from './values.ts'

/*
 * Personal access tokens: long-lived `bb_pat_…` bearer tokens a member creates under Settings for
 * scripts and the command line. Each carries scopes; a route accepts a token only when it declares
 * one of them (`config.tokenScope`), and account, token, application and moderation routes declare
 * none, so no token reaches them whatever its scopes.
 */

export { TOKEN_LIMITS, TOKEN_NAME_MESSAGES } from './limits.ts'
export { TOKEN_EXPIRY_DAYS, TOKEN_SCOPES } from './values.ts'

/** One personal access token scope: `read`, `vote`, `save` or `post`. */
export const TokenScope = Type.Enum(TOKEN_SCOPES)
export type TokenScope = Static<typeof TokenScope>

/** The start of every personal access token, so it is recognisable in a config file or a leak scan. */
export const ACCESS_TOKEN_PREFIX = 'bb_pat_'

/**
 * A personal access token as its owner's list shows it: never the token itself, only its last four
 * characters. `expired` is true once `expiresAt` has passed (the token is then refused); a revoked
 * token is not listed.
 */
export const AccessToken = Type.Object({
  _id: Id,
  name: Type.String(),
  scopes: Type.Array(TokenScope, { minItems: 1, maxItems: TOKEN_SCOPES.length }),
  lastFour: Type.String({ minLength: 4, maxLength: 4 }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: NullableDateTime,
  expiresAt: NullableDateTime,
  expired: Type.Boolean(),
})
export type AccessToken = Static<typeof AccessToken>

/** `GET /api/tokens` (session only): the caller's tokens that are not revoked, newest first. */
export const AccessTokensResponse = Type.Object({
  tokens: Type.Array(AccessToken, { maxItems: TOKEN_LIMITS.activePerUser * 4 }),
})
export type AccessTokensResponse = Static<typeof AccessTokensResponse>

/** A lifetime a token may be given, in days, or null for none (one list, so a wrong value is a 422). */
export const TokenExpiryDays = Type.Unsafe<(typeof TOKEN_EXPIRY_DAYS)[number] | null>({
  enum: [...TOKEN_EXPIRY_DAYS, null],
})

/**
 * `POST /api/tokens` (session only). `name`: 1–50 characters after trimming, unique among the
 * caller's tokens (409). `scopes`: one or more, each once; `post` only for contributors and
 * moderators (403). `expiresInDays`: 30, 90 or 365; absent or null for a token that never expires.
 */
export const CreateAccessTokenBody = Type.Object(
  {
    name: Type.String({ maxLength: 500 }),
    scopes: Type.Array(TokenScope, { minItems: 1, maxItems: TOKEN_SCOPES.length, uniqueItems: true }),
    expiresInDays: Type.Optional(TokenExpiryDays),
  },
  { additionalProperties: false },
)
export type CreateAccessTokenBody = Static<typeof CreateAccessTokenBody>

/**
 * Answer of `POST /api/tokens` (201): the new token's list entry and, in `token`, the token itself.
 * This is the only time the token is shown; the server keeps only its hash.
 */
export const CreatedAccessTokenResponse = Type.Object({
  token: Type.String({ pattern: `^${ACCESS_TOKEN_PREFIX}[0-9A-Za-z]{43}$` }),
  accessToken: AccessToken,
})
export type CreatedAccessTokenResponse = Static<typeof CreatedAccessTokenResponse>

/** `DELETE /api/tokens/{id}` path parameters. */
export const AccessTokenParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export type AccessTokenParams = Static<typeof AccessTokenParams>

/** Answer of `DELETE /api/tokens/{id}` and `DELETE /api/tokens`: how many tokens were revoked. */
export const RevokeAccessTokensResponse = Type.Object({ revoked: Type.Integer({ minimum: 0 }) })
export type RevokeAccessTokensResponse = Static<typeof RevokeAccessTokensResponse>
