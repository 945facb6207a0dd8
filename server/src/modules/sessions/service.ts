import type { Database, SignInMethod } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { WebSessionList } from '../../contract/sessions.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { randomToken, tokenHash } from '../../lib/random-token.ts'
import { toWebSession } from './presenter.ts'
import {
  bumpTokenVersion,
  endSession,
  insertSession,
  listActiveSessions,
  repinSession,
  touchSession,
} from './repo.ts'

/** A browser's new session: the cookie's secret (never stored) and the row's id. */
export interface StartedSession {
  id: string
  secret: string
  expiresAt: Date
}

/** Where a sign-in came from, as Settings shows it. */
export interface SessionClient {
  userAgent: string
  ip: string
}

/** Starts a web session for `user`, lasting `seconds`, pinned to their current token version. */
export async function startWebSession(
  db: Kysely<Database>,
  user: { id: string; token_version: number },
  method: SignInMethod,
  client: SessionClient,
  seconds: number,
): Promise<StartedSession> {
  const secret = randomToken()
  const expiresAt = new Date(Date.now() + seconds * 1000)
  const id = await insertSession(db, {
    userId: user.id,
    secretHash: tokenHash(secret),
    tokenVersion: user.token_version,
    method,
    userAgent: client.userAgent.slice(0, 512),
    ip: client.ip.slice(0, 64),
    expiresAt,
  })
  return { id, secret, expiresAt }
}

export async function listMemberSessions(
  db: Kysely<Database>,
  userId: string,
  currentId: string | undefined,
): Promise<WebSessionList> {
  const sessions = (await listActiveSessions(db, userId)).map((row) => toWebSession(row, currentId))
  // The browser asking comes first, the rest as last seen.
  sessions.sort((a, b) => Number(b.current) - Number(a.current))
  return { sessions }
}

/** Ends one of the member's sessions (`session.ended` reaches its sockets); 404 when not theirs. */
export async function endMemberSession(deps: EventDeps, userId: string, sessionId: string): Promise<void> {
  await withEvents(deps, async (trx, outbox) => {
    if (!(await endSession(trx, userId, sessionId))) throw new NotFoundError('Session not found')
    outbox.raise('session.ended', { userId, sessionId })
  })
}

/** "Sign out everywhere else": a new token version, this session re-pinned to it; how many ended. */
export async function endOtherSessions(
  deps: EventDeps,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  return withEvents(deps, async (trx, outbox) => {
    const others = (await listActiveSessions(trx, userId)).filter((row) => row.id !== keepSessionId)
    const tokenVersion = await bumpTokenVersion(trx, userId)
    if (tokenVersion === undefined) throw new NotFoundError('User not found')
    await repinSession(trx, keepSessionId)
    outbox.raise('sessions.ended_elsewhere', { userId, tokenVersion, keepSessionId })
    return others.length
  })
}

/** How often a session's "last seen" is written at most, per instance. */
export const SEEN_EVERY_MS = 5 * 60_000

/** Notes a session's use: one unawaited `last_seen_at` write per {@link SEEN_EVERY_MS} per instance. */
export function createSessionSeen(
  db: Kysely<Database>,
  log: { warn(details: object, message: string): void },
): (sessionId: string, ip: string) => void {
  const seenAt = new Map<string, number>()
  return (sessionId, ip) => {
    const now = Date.now()
    if (now - (seenAt.get(sessionId) ?? 0) < SEEN_EVERY_MS) return
    if (seenAt.size > 50_000) seenAt.clear()
    seenAt.set(sessionId, now)
    touchSession(db, sessionId, ip.slice(0, 64)).catch((err: unknown) =>
      log.warn({ err }, 'could not note a session as seen'),
    )
  }
}
