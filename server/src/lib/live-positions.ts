import { BoundedMap } from './bounded-map.ts'
import type { ReadCacheServing } from './read-cache.ts'

/**
 * The live id a cached answer is served with: the read side's one rule for it (server/src/live/README.md,
 * "Server rule for liveId").
 *
 * An answer is cached with its topic's id read before its data. Its cache then keeps it true through
 * every later event of that topic: it patches the answer, or drops it, or leaves it because the event
 * changes nothing in it. So once this instance has heard every event after that id, the answer holds
 * the state as of the last one heard, and it is served with that id: a client subscribing from it is
 * replayed nothing it already shows (and nothing it lacks is skipped).
 *
 * - **Heard, in order, without a gap.** The cache's watcher tells {@link LivePositions.hear} of every
 *   event of the topics it follows. The bus delivers a topic's numbered events to every instance in id
 *   order, so the ids heard run on by one. An id that does not follow (a message missed while Redis was
 *   away, a counter lost) starts a new run, and answers loaded before it keep their own id, which
 *   replays what they may lack. So do answers whose topic's run was forgotten (past `maxTopics`, or when
 *   the cache forgets all after delivery resumed).
 * - **Numbered events only.** An event told at publish time, before the bus numbered it, is not heard:
 *   its numbered copy follows from the bus at once (memory) or within a Redis round trip, and until
 *   then the answer carries the id before it, which replays one event it already shows (harmless: event
 *   payloads are absolute).
 * - **Kept without being taken in.** Where a cache keeps answers through an event it does not reflect
 *   in them (a browse page of another category keeps its category counts through a new post), it says
 *   so with {@link LivePositions.missed}, and no answer read before that event is served with its id
 *   or a later one.
 *
 * A topic that had no counter when an answer was read (`'0'`) has no id to follow on from: there the run
 * counts when this instance has heard every event of the topic since before the answer's load began
 * ({@link LivePositions.mark}). An answer read from a counter since lost keeps its id (its client gets
 * `reset`, as with any id the bus no longer knows).
 */
export interface LivePositions {
  /** Follows an event the cache's watcher was told of; `id` is null when the bus has not numbered it yet. */
  hear(topic: string, id: string | null): void
  /** Forgets every run (after delivery resumed: events may have been missed meanwhile). */
  forget(): void
  /** Event `id` of `topic` left some cached answers in place without being taken into them. */
  missed(topic: string, id: string): void
  /** Where this instance is in what it heard: read as an answer's load starts (`serving.mark`). */
  mark(): number
  /**
   * The live id an answer of `topic` is true to now, for the id read before its data (`readId`) and the
   * {@link mark} of its load's start. Never below `readId`.
   */
  liveIdOf(topic: string, readId: string, mark: number): string
  /**
   * The `serving` of a read cache whose answers carry one live id each: `position` names an answer's
   * topic and the id it was read with (null: it carries none), `withLiveId` gives the answer with another.
   */
  serving<V>(
    position: (value: V) => { topic: string; liveId: string } | null,
    withLiveId: (value: V, liveId: string) => V,
  ): ReadCacheServing<V>
}

/**
 * Topics followed at most (the least recently heard are forgotten first). A run takes about 200 bytes,
 * so this bounds one instance's runs to a few MB; a forgotten run only makes its topic's answers carry
 * the id they were read with until they are reloaded.
 */
export const LIVE_POSITION_TOPICS = 20_000

/** Misses kept per run: they come with new and deleted posts, rare within a cached list's life. */
const MISSES_KEPT = 32

interface Run {
  /** Every id from `from` to `last` was heard, in order. */
  from: number
  last: number
  /** Every event of the topic heard at or after this mark is in the run (see the file comment). */
  since: number
  /** Ids of the run left out of kept answers, oldest first; the newest {@link MISSES_KEPT}. */
  missed: number[]
  /** The newest miss no longer in `missed` (0: none): answers read before it keep their own id. */
  missedForgotten: number
}

/** An empty set of runs (see {@link LivePositions}). */
export function createLivePositions(options: { maxTopics?: number } = {}): LivePositions {
  // Counts what was heard; marks are its values, so "began after" compares two counts.
  let heard = 0
  // The mark at which a run was last forgotten: a topic without a run was not heard since.
  let forgotten = 0
  const runs = new BoundedMap<Run>({
    maxEntries: options.maxTopics ?? LIVE_POSITION_TOPICS,
    onForget: () => {
      heard += 1
      forgotten = heard
    },
  })

  function liveIdOf(topic: string, readId: string, mark: number): string {
    const run = runs.peek(topic)
    const read = Number(readId)
    if (run === undefined || run.last <= read) return readId
    // The run must hold every event after the read: from the next id on, or, for a topic read before
    // its first event, everything heard since before the load began.
    const holdsAfterRead = run.from <= read + 1 || (read === 0 && run.since <= mark)
    if (!holdsAfterRead) return readId
    if (read < run.missedForgotten) return readId
    const miss = run.missed.find((id) => id > read)
    if (miss === undefined) return String(run.last)
    // True up to the event before the miss, when that one is in the run.
    return miss - 1 > read && miss - 1 >= run.from ? String(miss - 1) : readId
  }

  return {
    hear(topic, id) {
      if (id === null) return
      const n = Number(id)
      heard += 1
      const run = runs.get(topic)
      if (run === undefined) {
        runs.set(topic, { from: n, last: n, since: forgotten, missed: [], missedForgotten: 0 })
      } else if (n === run.last + 1) {
        run.last = n
      } else {
        // Not the next id: what came before it may not have been heard, so the run begins again here.
        Object.assign(run, { from: n, last: n, since: heard, missed: [], missedForgotten: 0 })
      }
    },
    forget() {
      runs.clear()
      heard += 1
      forgotten = heard
    },
    missed(topic, id) {
      const run = runs.peek(topic)
      if (run === undefined) return
      run.missed.push(Number(id))
      if (run.missed.length > MISSES_KEPT) run.missedForgotten = run.missed.shift() ?? 0
    },
    mark: () => heard,
    liveIdOf,
    serving(position, withLiveId) {
      return {
        mark: () => heard,
        serve(value, mark) {
          const at = position(value)
          if (at === null) return value
          const liveId = liveIdOf(at.topic, at.liveId, mark)
          return liveId === at.liveId ? value : withLiveId(value, liveId)
        },
      }
    },
  }
}
