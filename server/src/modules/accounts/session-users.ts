import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { createKeptReads } from '../../lib/kept-reads.ts'
import type { LiveHub } from '../../live/hub.ts'
import type { AuthRow } from './repo.ts'

/**
 * The users that signed-in requests name, for the access hook's token check (infra/auth.ts): every
 * request of a member checks its token's `ver` and role against the user's row. Once it follows the
 * live channel (with PAGE_CACHE, after-writes.ts) it keeps the rows it reads in memory, so a member
 * reading pages costs no statement for the check, as a guest costs none.
 *
 * - **Kept correct by the live events of the user** (from any instance, published after commit):
 *   `role.changed` and `session.revoked` on `user:<id>` (a role change, a password change: both may
 *   end sessions through `token_version`) and `author.updated` on `posts` (a new username). Each drops
 *   the user's kept row, and any read of it still under way is not kept.
 * - **How stale a row can be**: on the instance that took the write, never (the write's response
 *   waits for its live events, and the hub tells watchers at publish time, events/transaction.ts); on
 *   another instance, for as long as the bus takes to deliver the event. A change made behind the
 *   app's back (SQL by hand) is seen within {@link SESSION_USERS_KEPT_MS}, and at once after the bus
 *   was away (everything is forgotten then).
 * - **Bounded**: a row is read again at least every {@link SESSION_USERS_KEPT_MS}; past
 *   {@link SESSION_USERS_KEPT} users the longest kept is forgotten. A user nobody has (a deleted one) is
 *   never kept. Requests of one user that miss at once share one read.
 */
export interface SessionUsers {
  /** The user's auth row, or undefined when there is no such user. */
  find(db: Kysely<Database>, id: string): Promise<AuthRow | undefined>
  /** Starts keeping what it reads, following `live`'s events; returns the function that stops. */
  follow(live: LiveHub): () => void
}

/** How long a user's row is kept at most, events or not. */
export const SESSION_USERS_KEPT_MS = 30_000
/** Users kept per instance (a row is ~200 bytes: a few MB at most). */
export const SESSION_USERS_KEPT = 20_000

/** Live events after which a user's row must be read again, by topic prefix. */
const USER_TOPIC = 'user:'
const USER_EVENTS = new Set(['role.changed', 'session.revoked'])

/**
 * A keeper over `read` (accounts/repo.ts `findAuthRowById`). Until {@link SessionUsers.follow} it
 * reads through every time, which is also what it does with the page caches off.
 */
export function createSessionUsers(
  read: (db: Kysely<Database>, id: string) => Promise<AuthRow | undefined>,
): SessionUsers {
  const kept = createKeptReads<AuthRow>({ keptMs: SESSION_USERS_KEPT_MS, maxEntries: SESSION_USERS_KEPT })

  function follow(live: LiveHub): () => void {
    kept.keep(true)
    const stopWatching = live.watch({
      event(watched) {
        if (watched.topic.startsWith(USER_TOPIC)) {
          // A reset marker (null) means the user's events were lost: whatever was read is doubtful.
          if (watched.event === null || USER_EVENTS.has(watched.event)) {
            kept.forget(watched.topic.slice(USER_TOPIC.length))
          }
        } else if (watched.topic === 'posts' && watched.event === 'author.updated') {
          const { userId } = watched.data() as { userId: string }
          kept.forget(userId)
        }
      },
      resumed: kept.forgetAll,
    })
    return () => {
      stopWatching()
      kept.keep(false)
    }
  }

  return { find: (db, id) => kept.find(id, () => read(db, id)), follow }
}
