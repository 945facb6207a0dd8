import type { AccessTokenRow, Database, Role } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { TOKEN_LIMITS } from '../../contract/limits.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** The most tokens a list shows: every active one and, after them in time, expired ones. */
export const TOKEN_LIST_LIMIT = TOKEN_LIMITS.activePerUser * 4

/** A token's row with what the access hook needs of its user. */
export type AccessTokenWithUser = AccessTokenRow & {
  role: Role
  username: string
  token_version: number
}

/** What a new token row holds. */
export interface NewAccessToken {
  userId: string
  name: string
  tokenHash: string
  lastFour: string
  scopes: string[]
  expiresAt: Date | null
}

/** The user's tokens that are not revoked, newest first (expired ones included, marked by the presenter). */
export function listActiveTokens(db: Executor, userId: string): Promise<AccessTokenRow[]> {
  return db
    .selectFrom('access_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TOKEN_LIST_LIMIT)
    .execute()
}

/**
 * Locks the user's row against other token creations of the same user until the transaction ends,
 * so the count and the name check below cannot race. `FOR NO KEY UPDATE` leaves the rows that refer
 * to the user (votes, comments) free to be written meanwhile.
 */
export function lockUserForTokens(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ id: string; role: Role } | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst()
}

/** How many of the user's tokens are usable now (neither revoked nor expired). */
export async function countUsableTokens(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('access_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Whether the user has a token, not revoked, of this name (compared without case). */
export async function hasTokenNamed(db: Executor, userId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('access_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
  return row !== undefined
}

/** Inserts a token row. */
export function insertToken(db: Executor, input: NewAccessToken): Promise<AccessTokenRow> {
  return db
    .insertInto('access_tokens')
    .values({
      user_id: input.userId,
      name: input.name,
      token_hash: input.tokenHash,
      last_four: input.lastFour,
      scopes: input.scopes,
      expires_at: input.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Revokes one of the user's tokens; false when the user has no such token not already revoked. */
export async function revokeToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Revokes every token of the user not already revoked; answers how many. */
export async function revokeAllTokens(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute()
  return rows.length
}

/** The token with this hash and its user's role, name and token version (one unique-index lookup). */
export function findTokenByHash(db: Executor, tokenHash: string): Promise<AccessTokenWithUser | undefined> {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.role', 'u.username', 'u.token_version'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * Records that the token was used now, unless that was already recorded within the last minute (by
 * this or another instance), so a busy script costs at most one write a minute.
 */
export async function touchToken(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute()
}
