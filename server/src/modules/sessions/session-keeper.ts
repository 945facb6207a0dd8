import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { createKeptReads } from '../../lib/kept-reads.ts'
import type { LiveHub } from '../../live/hub.ts'
import { SESSION_USERS_KEPT, SESSION_USERS_KEPT_MS } from '../accounts/session-users.ts'
import { findSessionBySecretHash, type SessionRow } from './repo.ts'

/**
 * The web sessions cookies name, kept like their users (accounts/session-users.ts). Any
 * `session.revoked` forgets them all: such events are rare, and it spares an index by user.
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
