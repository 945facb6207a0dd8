import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { BoundedMap } from '../../lib/bounded-map.ts'
import type { LiveHub } from '../../live/hub.ts'
import { findMarksOf, type MemberMarks } from './repo.ts'

/**
 * Reads a member's votes and saves among the posts of a page. Every page a member reads needs them,
 * cached page or not, so with the page caches on (PAGE_CACHE) they are kept per member in memory:
 * a member reading pages while others vote costs no statement for posts whose marks they have read
 * before, where a guest's page costs none at all.
 *
 * - **Kept correct by the live events of the posts** (`post.votes`, `post.saves` on `post:<id>`, from
 *   any instance), which every vote and save that changes something publishes after its commit. An
 *   event marks the post's kept marks, of every member, as to be read again. The event does not name
 *   the voter, so one vote makes every member who has the post kept read it once more.
 * - **How stale a mark can be**: on the instance that took the vote or save, never (the write's
 *   response waits for its live events, events/transaction.ts, and the hub tells watchers at publish
 *   time); on another instance, for as long as the bus takes to deliver the event.
 * - **A read that races an event**: marks are stamped with the event clock read before their
 *   statement, so an event that lands while the statement runs leaves them already stale.
 * - **Bounded**: a member's marks are read again at least every {@link MARKS_KEPT_MS} (a write that
 *   published no event is seen then), the members read least recently are forgotten past
 *   {@link MARKS_MEMBERS_KEPT}, a member's marks are dropped past {@link MARKS_POSTS_KEPT}, and
 *   everything is forgotten when the posts changed since the last reset pass
 *   {@link MARKS_CHANGES_TRACKED}, or when the bus was away (events may have been missed).
 */
export interface MemberMarksReader {
  /** The member's votes and saves among `postIds`. */
  read(userId: string, postIds: readonly string[]): Promise<MemberMarks>
  /** Stops following the live channel. */
  close(): void
}

/** How long a member's marks are kept at most, events or not. */
export const MARKS_KEPT_MS = 60_000
/**
 * Members whose marks are kept; past this the least recently read is forgotten. With
 * {@link MARKS_POSTS_KEPT} it caps what an instance holds at 2 million marks (about 250 MB); a member
 * keeps only what they read within {@link MARKS_KEPT_MS}, a page of about a dozen posts at a time, so
 * a few thousand active members hold a few MB.
 */
export const MARKS_MEMBERS_KEPT = 10_000
/** Posts whose marks are kept for one member; past this that member's are dropped. */
export const MARKS_POSTS_KEPT = 200
/** Posts changed since the last reset that are remembered; past this everything is forgotten. */
export const MARKS_CHANGES_TRACKED = 200_000

/** One post's marks for one member, and the event clock read before the statement that read them. */
interface KeptMark {
  vote: number
  saved: boolean
  readAt: number
}

/** Reads through the database every time (PAGE_CACHE=false: what a cache miss costs). */
function uncachedReader(db: Kysely<Database>): MemberMarksReader {
  return { read: (userId, postIds) => findMarksOf(db, userId, postIds), close: () => {} }
}

/**
 * A reader over `db`; with `live` it keeps what it reads, following the posts' events (see
 * {@link MemberMarksReader}); without, every read is one statement.
 */
export function createMemberMarksReader(deps: {
  db: Kysely<Database>
  live: LiveHub | null
}): MemberMarksReader {
  const { db, live } = deps
  if (!live) return uncachedReader(db)

  /** Counts post changes; a mark read before a change of its post is stale. */
  let clock = 0
  /** Bumped by a reset, so a read begun before it keeps nothing. */
  let generation = 0
  const changedAt = new Map<string, number>()
  // Past MARKS_MEMBERS_KEPT, the member read least recently goes.
  const members = new BoundedMap<{ marks: Map<string, KeptMark>; since: number }>({
    maxEntries: MARKS_MEMBERS_KEPT,
  })

  function reset(): void {
    generation += 1
    changedAt.clear()
    members.clear()
  }

  function postChanged(postId: string): void {
    if (changedAt.size >= MARKS_CHANGES_TRACKED) reset()
    clock += 1
    changedAt.set(postId, clock)
  }

  /** The member's kept marks (none once {@link MARKS_KEPT_MS} old), now the most recently read member. */
  function keptOf(userId: string): Map<string, KeptMark> {
    const now = Date.now()
    let kept = members.get(userId)
    if (!kept || now - kept.since > MARKS_KEPT_MS) {
      kept = { marks: new Map(), since: now }
      members.set(userId, kept)
    }
    return kept.marks
  }

  const stopWatching = live.watch({
    event(watched) {
      if (!watched.topic.startsWith('post:')) return
      // A reset marker (null) means the post's events were lost: whatever was read of it is doubtful.
      if (watched.event === 'post.votes' || watched.event === 'post.saves' || watched.event === null) {
        postChanged(watched.topic.slice('post:'.length))
      }
    },
    resumed: reset,
  })

  async function read(userId: string, postIds: readonly string[]): Promise<MemberMarks> {
    const kept = keptOf(userId)
    const votes = new Map<string, number>()
    const saved = new Set<string>()
    const missing: string[] = []
    for (const id of new Set(postIds)) {
      const mark = kept.get(id)
      if (!mark || mark.readAt < (changedAt.get(id) ?? 0)) {
        missing.push(id)
        continue
      }
      if (mark.vote !== 0) votes.set(id, mark.vote)
      if (mark.saved) saved.add(id)
    }
    if (missing.length === 0) return { votes, saved }
    const readAt = clock
    const readIn = generation
    const fresh = await findMarksOf(db, userId, missing)
    for (const [id, vote] of fresh.votes) votes.set(id, vote)
    for (const id of fresh.saved) saved.add(id)
    if (readIn === generation) {
      if (kept.size + missing.length > MARKS_POSTS_KEPT) kept.clear()
      for (const id of missing) {
        kept.set(id, { vote: fresh.votes.get(id) ?? 0, saved: fresh.saved.has(id), readAt })
      }
    }
    return { votes, saved }
  }

  return { read, close: stopWatching }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Members' votes and saves among the posts of the pages they read; kept with PAGE_CACHE. */
    memberMarks: MemberMarksReader
  }
}
