import { BoundedMap } from './bounded-map.ts'

/**
 * Reads kept in memory by key for at most `keptMs`, for the hot lookups of every signed-in request
 * (modules/accounts/session-users.ts, modules/sessions/session-keeper.ts). The owner makes it correct
 * by forgetting a key when a live event says it changed, and everything when events may have been
 * missed; until `keep(true)` it reads through every time.
 *
 * - A read that was forgotten while under way is returned to its caller but not kept: it may predate
 *   the change that forgot it.
 * - Concurrent misses of one key share one read. A missing value (undefined) is never kept.
 * - Past `maxEntries` the longest-kept entry goes (a hit does not count as a use).
 */
export interface KeptReads<V> {
  find(key: string, read: () => Promise<V | undefined>): Promise<V | undefined>
  forget(key: string): void
  forgetAll(): void
  keep(on: boolean): void
}

export function createKeptReads<V>(opts: { keptMs: number; maxEntries: number }): KeptReads<V> {
  let keeping = false
  const kept = new BoundedMap<{ value: V; readAt: number }>({ maxEntries: opts.maxEntries })
  const reading = new Map<string, Promise<V | undefined>>()

  function forget(key: string): void {
    kept.delete(key)
    reading.delete(key)
  }

  function forgetAll(): void {
    kept.clear()
    reading.clear()
  }

  function readAndKeep(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    // The value is as old as the read's start, which bounds how long it may be kept.
    const readAt = Date.now()
    const pending: Promise<V | undefined> = read().then(
      (value) => {
        if (reading.get(key) === pending) {
          reading.delete(key)
          if (value !== undefined) kept.set(key, { value, readAt })
        }
        return value
      },
      (error: unknown) => {
        if (reading.get(key) === pending) reading.delete(key)
        throw error
      },
    )
    reading.set(key, pending)
    return pending
  }

  return {
    find(key, read) {
      if (!keeping) return read()
      const hit = kept.peek(key)
      if (hit && Date.now() - hit.readAt < opts.keptMs) return Promise.resolve(hit.value)
      return reading.get(key) ?? readAndKeep(key, read)
    },
    forget,
    forgetAll,
    keep(on) {
      keeping = on
      if (!on) forgetAll()
    },
  }
}
