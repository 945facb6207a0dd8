import { BoundedMap } from './bounded-map.ts'

/**
 * Reads kept by key for at most `keptMs` (the users and sessions of signed-in requests); the owner
 * forgets keys on live events. A read forgotten while under way is not kept; misses share one read.
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
