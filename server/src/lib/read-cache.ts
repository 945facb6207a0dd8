import { BoundedMap } from './bounded-map.ts'

/**
 * A small in-process cache for public reads that many visitors ask for at once (the home page, browse
 * pages, popular searches). Three rules keep it both fast and honest:
 *
 * - **Single flight.** Concurrent misses for one key share one computation, so a burst of visitors
 *   costs the database one query set, not one per visitor.
 * - **Invalidation first, time second.** `invalidate()` or `invalidateWhere()` (called when an event
 *   says the data changed, on any instance) makes stored values unusable at once: the next reader
 *   waits for a fresh one. Values that can be patched in place instead (a post's counters, see
 *   post-card-store.ts) are patched rather than dropped.
 *   Time only bounds what no event announces (the clock moving a post out of "today" or the trending
 *   window): a value is fresh for `freshMs`.
 * - **Stale while revalidating, briefly.** A value past `freshMs` but younger than `freshMs + staleMs`
 *   is still served while one refresh runs in the background, so expiry never makes a crowd wait. An
 *   older value is not served: the reader waits for the refresh.
 * - **A few refreshes at a time.** At most `maxRefreshing` background refreshes of one cache run at
 *   once; a stale key read meanwhile is served stale, and refreshed by a read once one finishes.
 *   Keys filled in the same second go stale in the same second: the 2,000 comment lists of the API
 *   benchmark queued 1,800 statements at once in the database pool every ten seconds, and the votes
 *   behind them waited up to 3.8 s, one past the pool's 3 s and answered 503 (bench/README.md,
 *   session 25). A reader never waits on this limit: a value past its stale window is loaded in the
 *   foreground, as before.
 *
 * Stored values are shared between callers and must be treated as read-only. A value may say more
 * when served than when stored (`serving`: a cached answer's live id, lib/live-positions.ts).
 */

/**
 * How a held value is served: `mark()` is read as each load starts, before it reads anything, and
 * `serve(value, mark)` gives what a reader gets of the value each time it is served while held (fresh,
 * or stale while refreshed). A value computed before an invalidation is given to its waiting callers
 * as computed, never through `serve`: what serve adds must hold only of values the cache kept.
 */
export interface ReadCacheServing<V> {
  mark(): number
  serve(value: V, mark: number): V
}

/** Cache limits; see the file comment. */
export interface ReadCacheOptions<V = unknown> {
  /** How long a value counts as fresh. */
  freshMs: number
  /** How long past fresh a value may still be served while it is refreshed. */
  staleMs: number
  /** Most keys kept; the least recently used go first. */
  maxEntries: number
  /** Most background refreshes running at once (default {@link BACKGROUND_REFRESHES}). */
  maxRefreshing?: number
  /** The clock (tests pass a fake one). */
  now?: () => number
  /** How held values are served (default: as stored). */
  serving?: ReadCacheServing<V>
}

/**
 * Background refreshes one cache runs at once unless told otherwise: a fifth of the database pool's
 * ten connections, so the requests keep the rest.
 */
export const BACKGROUND_REFRESHES = 2

/** See the file comment. */
export interface ReadCache<V> {
  /** The value for `key`: stored if usable, else computed by `load` (once for all concurrent callers). */
  get(key: string, load: () => Promise<V>): Promise<V>
  /** Makes every stored value and every computation already running unusable. */
  invalidate(): void
  /**
   * Makes the stored values for which `drops(value)` is true unusable, and every computation still
   * running (it may have read the database before the change that asked for this).
   */
  invalidateWhere(drops: (value: V) => boolean): void
  /** Keys held (for tests and diagnostics). */
  readonly size: number
}

interface Entry<V> {
  /** The invalidation generation the value (or running computation) belongs to. */
  generation: number
  value?: { data: V; at: number; mark: number }
  /** The computation running for this key, if any. */
  running?: Promise<V>
}

/** Creates an empty cache (see the file comment). */
export function createReadCache<V>(options: ReadCacheOptions<V>): ReadCache<V> {
  const now = options.now ?? Date.now
  const serving = options.serving
  // Past maxEntries, the key used least recently goes.
  const entries = new BoundedMap<Entry<V>>({ maxEntries: options.maxEntries })
  const maxRefreshing = options.maxRefreshing ?? BACKGROUND_REFRESHES
  let generation = 0
  let refreshing = 0

  const served = (value: { data: V; mark: number }): V =>
    serving ? serving.serve(value.data, value.mark) : value.data

  function start(key: string, entry: Entry<V>, load: () => Promise<V>): Promise<V> {
    const startedIn = generation
    const startedAt = now()
    const mark = serving?.mark() ?? 0
    const running = load().then(
      (data) => {
        // A result computed before an invalidation may miss the change; it is returned to the callers
        // that were waiting (their request began before the change) but not stored for later ones.
        if (entry.running === running) entry.running = undefined
        if (startedIn !== generation || entry.generation !== startedIn || entries.peek(key) !== entry)
          return data
        const value = { data, at: startedAt, mark }
        entry.value = value
        return served(value)
      },
      (error: unknown) => {
        if (entry.running === running) entry.running = undefined
        throw error
      },
    )
    entry.running = running
    // A background refresh that fails leaves the old value to expire; its callers (none) need no error.
    running.catch(() => undefined)
    return running
  }

  function refreshInBackground(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    refreshing += 1
    start(key, entry, load)
      .finally(() => {
        refreshing -= 1
      })
      .catch(() => undefined)
  }

  return {
    get(key, load) {
      let entry = entries.get(key)
      if (!entry || entry.generation !== generation) {
        entry = { generation }
        entries.set(key, entry)
        return start(key, entry, load)
      }
      const value = entry.value
      if (value) {
        const age = now() - value.at
        if (age < options.freshMs) return Promise.resolve(served(value))
        if (age < options.freshMs + options.staleMs) {
          if (!entry.running && refreshing < maxRefreshing) refreshInBackground(key, entry, load)
          return Promise.resolve(served(value))
        }
      }
      return entry.running ?? start(key, entry, load)
    },
    invalidate() {
      generation += 1
    },
    invalidateWhere(drops) {
      for (const [key, entry] of entries) {
        // A running computation keeps its callers; removed from the map, its result is never stored.
        if (entry.running || (entry.value && drops(entry.value.data))) entries.delete(key)
      }
    },
    get size() {
      return entries.size
    },
  }
}

/** `load()` through `cache` under `key` when there is a cache (it is optional: PAGE_CACHE=false). */
export function readThrough<V>(
  cache: ReadCache<V> | undefined,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  return cache ? cache.get(key, load) : load()
}
