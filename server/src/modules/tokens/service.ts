import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { hasControlCharacters, TOKEN_LIMITS, TOKEN_NAME_MESSAGES } from '../../contract/limits.ts'
import type {
  AccessTokensResponse,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
  RevokeAccessTokensResponse,
} from '../../contract/tokens.ts'
import type { AccessTokenAuth, AuthUser } from '../../lib/access.ts'
import { isContributor } from '../../lib/access.ts'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors.ts'
import { isUuid } from '../../lib/slug.ts'
import { scopesOf, toAccessToken } from './presenter.ts'
import {
  countUsableTokens,
  findTokenByHash,
  hasTokenNamed,
  insertToken,
  listActiveTokens,
  lockUserForTokens,
  revokeAllTokens,
  revokeToken,
  touchToken,
} from './repo.ts'
import { generateAccessToken, hasAccessTokenShape, hashAccessToken } from './secret.ts'

export { isAccessToken } from './secret.ts'

/** The messages of the token API and the access hook, as clients show them. */
export const TOKEN_MESSAGES = {
  revoked: 'This access token has been revoked. Create a new one under Settings → Access tokens.',
  expired: 'This access token has expired. Create a new one under Settings → Access tokens.',
  invalid: 'This access token is not valid. Check that it was copied whole, or create a new one.',
  notFound: 'Access token not found',
  ...TOKEN_NAME_MESSAGES,
  nameTaken: 'You already have a token with this name',
  tooMany: `You can have at most ${TOKEN_LIMITS.activePerUser} active tokens. Revoke one you no longer use first.`,
  postScope: 'Only contributors and moderators can create tokens with the "post" scope',
} as const

const DAY_MS = 24 * 60 * 60 * 1000

/** A signed-in user who came with a personal access token. */
export type TokenAuthUser = AuthUser & { accessToken: AccessTokenAuth }

/** The caller's tokens that are not revoked (usable and expired), newest first. */
export async function listAccessTokens(db: Kysely<Database>, userId: string): Promise<AccessTokensResponse> {
  const now = new Date()
  const rows = await listActiveTokens(db, userId)
  return { tokens: rows.map((row) => toAccessToken(row, now)) }
}

/**
 * Creates a token for the caller and answers it once (only its hash is stored). The name is trimmed
 * and must be 1–50 characters and unique among the caller's tokens (409); `post` needs a contributor
 * or moderator (403); at most 50 usable tokens per user (422). Creations of one user are serialised
 * by a lock on their row, so the count and the name check hold under concurrent requests.
 */
export async function createAccessToken(
  db: Kysely<Database>,
  auth: AuthUser,
  body: CreateAccessTokenBody,
): Promise<CreatedAccessTokenResponse> {
  const name = body.name.trim()
  if (name.length < TOKEN_LIMITS.nameMinLength) throw new InvalidError(TOKEN_MESSAGES.nameRequired, 'name')
  if (name.length > TOKEN_LIMITS.nameMaxLength) throw new InvalidError(TOKEN_MESSAGES.nameTooLong, 'name')
  // Control characters and text-direction marks would hide what a name says in lists and logs.
  if (hasControlCharacters(name, false)) throw new InvalidError(TOKEN_MESSAGES.nameCharacters, 'name')
  const scopes = [...new Set(body.scopes)]
  const token = generateAccessToken()
  const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * DAY_MS) : null

  const row = await db.transaction().execute(async (trx) => {
    const user = await lockUserForTokens(trx, auth.id)
    if (!user) throw new UnauthorizedError()
    // The row's role, read under the lock: a role lowered a moment ago already counts.
    if (scopes.includes('post') && !isContributor(user.role))
      throw new ForbiddenError(TOKEN_MESSAGES.postScope)
    if (await hasTokenNamed(trx, auth.id, name)) throw new ConflictError(TOKEN_MESSAGES.nameTaken, 'name')
    if ((await countUsableTokens(trx, auth.id)) >= TOKEN_LIMITS.activePerUser) {
      throw new InvalidError(TOKEN_MESSAGES.tooMany)
    }
    return insertToken(trx, {
      userId: auth.id,
      name,
      tokenHash: hashAccessToken(token),
      lastFour: token.slice(-4),
      scopes,
      expiresAt,
    })
  })
  return { token, accessToken: toAccessToken(row) }
}

/** Revokes one of the caller's tokens at once; 404 when it is not theirs or already revoked. */
export async function revokeAccessToken(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<RevokeAccessTokensResponse> {
  if (!isUuid(id) || !(await revokeToken(db, userId, id))) throw new NotFoundError(TOKEN_MESSAGES.notFound)
  return { revoked: 1 }
}

/** Revokes every token of the caller (one statement); answers how many were revoked. */
export async function revokeAllAccessTokens(
  db: Kysely<Database>,
  userId: string,
): Promise<RevokeAccessTokensResponse> {
  return { revoked: await revokeAllTokens(db, userId) }
}

/**
 * The user behind a personal access token, for the access hook. 401 with a message saying why when
 * the token is unknown, revoked or expired. Records the use at most once a minute per token.
 */
export async function verifyAccessToken(db: Kysely<Database>, token: string): Promise<TokenAuthUser> {
  // A malformed token cannot match a row: no need to ask the database.
  if (!hasAccessTokenShape(token)) throw new UnauthorizedError(TOKEN_MESSAGES.invalid)
  const row = await findTokenByHash(db, hashAccessToken(token))
  if (!row) throw new UnauthorizedError(TOKEN_MESSAGES.invalid)
  if (row.revoked_at !== null) throw new UnauthorizedError(TOKEN_MESSAGES.revoked)
  if (row.expires_at !== null && row.expires_at.getTime() <= Date.now()) {
    throw new UnauthorizedError(TOKEN_MESSAGES.expired)
  }
  if (row.last_used_at === null || Date.now() - row.last_used_at.getTime() >= 60_000) {
    await touchToken(db, row.id)
  }
  return {
    id: row.user_id,
    role: row.role,
    username: row.username,
    // Only the live socket reads `exp`, and it accepts session tokens alone.
    exp: row.expires_at ? Math.floor(row.expires_at.getTime() / 1000) : Number.MAX_SAFE_INTEGER,
    tokenVersion: row.token_version,
    accessToken: { id: row.id, scopes: scopesOf(row) },
  }
}
