import type { Database, SignInMethod } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

type Db = Kysely<Database> | Transaction<Database>

/** What the access hook needs of a session its cookie names. */
export interface SessionRow {
  id: string
  user_id: string
  token_version: number
  expires_at: Date
  ended_at: Date | null
}

/** A session as Settings lists it. */
export interface ListedSessionRow {
  id: string
  method: SignInMethod
  user_agent: string
  ip: string
  created_at: Date
  last_seen_at: Date
  expires_at: Date
}

export async function insertSession(
  db: Db,
  values: {
    userId: string
    secretHash: string
    tokenVersion: number
    method: SignInMethod
    userAgent: string
    ip: string
    expiresAt: Date
  },
): Promise<string> {
  const row = await db
    .insertInto('web_sessions')
    .values({
      user_id: values.userId,
      secret_hash: values.secretHash,
      token_version: values.tokenVersion,
      method: values.method,
      user_agent: values.userAgent,
      ip: values.ip,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function findSessionBySecretHash(db: Db, secretHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('web_sessions')
    .select(['id', 'user_id', 'token_version', 'expires_at', 'ended_at'])
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst()
}

/** The member's sessions that still count: not ended, not expired, pinned to their current version. */
export function listActiveSessions(db: Db, userId: string): Promise<ListedSessionRow[]> {
  return db
    .selectFrom('web_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.method', 's.user_agent', 's.ip', 's.created_at', 's.last_seen_at', 's.expires_at'])
    .where('s.user_id', '=', userId)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .whereRef('s.token_version', '=', 'u.token_version')
    .orderBy('s.last_seen_at', 'desc')
    .execute()
}

/** Ends one of the member's sessions; false when it was not theirs or had already ended. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('web_sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Pins a session to the user's current token version, after a change that bumped it (a password
 * change, "sign out everywhere else") ended every other one.
 */
export async function repinSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('web_sessions as s')
    .from('users as u')
    .set({ token_version: sql<number>`u.token_version` })
    .whereRef('u.id', '=', 's.user_id')
    .where('s.id', '=', sessionId)
    .execute()
}

/** Bumps the user's token version (ending every session and bearer login pinned to the old one). */
export async function bumpTokenVersion(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirst()
  return row?.token_version
}

/** Records that a session was used from `ip` now. */
export async function touchSession(db: Db, sessionId: string, ip: string): Promise<void> {
  await db
    .updateTable('web_sessions')
    .set({ last_seen_at: sql<Date>`now()`, ip })
    .where('id', '=', sessionId)
    .execute()
}

/** Deletes sessions that ended or expired before `before`; how many. */
export async function deleteSessionsFinishedBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('web_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
