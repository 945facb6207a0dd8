import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { createKeptReads } from '../../lib/kept-reads.ts'
import type { LiveHub } from '../../live/hub.ts'
import { SESSION_USERS_KEPT, SESSION_USERS_KEPT_MS } from '../accounts/session-users.ts'
import { findSessionBySecretHash, type SessionRow } from './repo.ts'

/**
 * The web sessions that cookies name, kept in memory as the users they belong to are
 * (accounts/session-users.ts), so a member's page view costs no statement for its session check.
 *
 * Kept correct by `session.revoked` on any `user:<id>` (a sign-out, "sign out everywhere else", a
 * password change that re-pinned the session making it): every kept session is forgotten. Those
 * events are rare beside reads, and forgetting all of them spares an index of sessions by user.
 * How stale a session can be is as for the users: not at all on the instance that ended it, for the
 * bus's delivery time elsewhere, {@link SESSION_USERS_KEPT_MS} for a change made by hand.
 */
export interface SessionKeeper {
  find(db: Kysely<Database>, secretHash: string): Promise<SessionRow | undefined>
  /** Starts keeping what it reads, following `live`'s events; returns the function that stops. */
  follow(live: LiveHub): () => void
}

export function createSessionKeeper(): SessionKeeper {
  const kept = createKeptReads<SessionRow>({ keptMs: SESSION_USERS_KEPT_MS, maxEntries: SESSION_USERS_KEPT })
  return {
    find: (db, secretHash) => kept.find(secretHash, () => findSessionBySecretHash(db, secretHash)),
    follow(live) {
      kept.keep(true)
      const stopWatching = live.watch({
        event(watched) {
          if (!watched.topic.startsWith('user:')) return
          if (watched.event === null || watched.event === 'session.revoked') kept.forgetAll()
        },
        resumed: kept.forgetAll,
      })
      return () => {
        stopWatching()
        kept.keep(false)
      }
    },
  }
}
