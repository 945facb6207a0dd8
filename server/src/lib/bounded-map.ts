/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries`, or more
 * than `maxWeight` in all when its values are weighed (`weigh`: a value's size in whatever unit the
 * caller counts). A JavaScript Map keeps insertion order, so an entry is put back at the end whenever
 * it is read or set, and the first entry is always the least recently used. The entry just set is
 * never forgotten for the others' sake, even when it alone is over the weight.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>()
  private held = 0

  constructor(
    private readonly limits: { maxEntries: number; maxWeight?: number; weigh?: (value: V) => number },
  ) {}

  /** The value of `key`, now the most recently used; undefined when not held. */
  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value === undefined) return undefined
    this.entries.delete(key)
    this.entries.set(key, value)
    return value
  }

  /** The value of `key` without counting it as a use. */
  peek(key: string): V | undefined {
    return this.entries.get(key)
  }

  /** Holds `value` under `key` as the most recently used, then forgets the least recently used past the limits. */
  set(key: string, value: V): void {
    this.delete(key)
    this.entries.set(key, value)
    this.held += this.weightOf(value)
    const maxWeight = this.limits.maxWeight ?? Number.POSITIVE_INFINITY
    for (const [oldest, oldValue] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.held <= maxWeight) break
      if (oldest === key) break
      this.entries.delete(oldest)
      this.held -= this.weightOf(oldValue)
    }
  }

  /** Forgets `key`; whether it was held. */
  delete(key: string): boolean {
    const value = this.entries.get(key)
    if (value === undefined) return false
    this.entries.delete(key)
    this.held -= this.weightOf(value)
    return true
  }

  /** Forgets everything. */
  clear(): void {
    this.entries.clear()
    this.held = 0
  }

  /** The entries, the least recently used first; deleting while iterating is safe. */
  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries[Symbol.iterator]()
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size
  }

  /** The weight held in all (0 without `weigh`). */
  get weight(): number {
    return this.held
  }

  private weightOf(value: V): number {
    return this.limits.weigh?.(value) ?? 0
  }
}
