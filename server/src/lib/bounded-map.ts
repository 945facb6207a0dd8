/**
 * A map that forgets its least recently used entries once it holds more than `maxEntries`, or more
 * than `maxWeight` in all when its values are weighed (`weigh`: a value's size in whatever unit the
 * caller counts). A JavaScript Map keeps insertion order, so an entry is put back at the end whenever
 * it is read or set, and the first entry is always the least recently used. The entry just set (or
 * weighed again) is never forgotten for the others' sake, even when it alone is over the weight.
 *
 * Each entry's weight is kept as it was weighed: a value that grows in place (a kept posting list a
 * new post is appended to) is weighed again with {@link reweigh}, and until then forgetting it takes
 * away what it added, never its new size.
 *
 * `onForget` is told of every value that leaves the map (forgotten past the limits, deleted, replaced
 * by another value or cleared), so a caller can reuse what the value held.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>()
  private held = 0

  constructor(
    private readonly limits: {
      maxEntries: number
      maxWeight?: number
      weigh?: (value: V) => number
      onForget?: (value: V) => void
    },
  ) {}

  /** The value of `key`, now the most recently used; undefined when not held. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** The value of `key` without counting it as a use. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value
  }

  /** Holds `value` under `key` as the most recently used, then forgets the least recently used past the limits. */
  set(key: string, value: V): void {
    const old = this.entries.get(key)
    // The same value set again is not forgotten: it is still held.
    if (old !== undefined) this.drop(key, old, old.value !== value)
    const weight = this.weightOf(value)
    this.entries.set(key, { value, weight })
    this.held += weight
    this.trim(key)
  }

  /**
   * Weighs `key`'s value again after it changed in place, without counting a use, then forgets the
   * least recently used others past the limits.
   */
  reweigh(key: string): void {
    const entry = this.entries.get(key)
    if (entry === undefined) return
    const weight = this.weightOf(entry.value)
    this.held += weight - entry.weight
    entry.weight = weight
    this.trim(key)
  }

  /** Forgets `key`; whether it was held. */
  delete(key: string): boolean {
    const entry = this.entries.get(key)
    if (entry === undefined) return false
    this.drop(key, entry, true)
    return true
  }

  /** Forgets everything. */
  clear(): void {
    for (const entry of this.entries.values()) this.limits.onForget?.(entry.value)
    this.entries.clear()
    this.held = 0
  }

  /** The entries, the least recently used first; deleting while iterating is safe. */
  *[Symbol.iterator](): IterableIterator<[string, V]> {
    for (const [key, entry] of this.entries) yield [key, entry.value]
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size
  }

  /** The weight held in all (0 without `weigh`), as each entry was last weighed. */
  get weight(): number {
    return this.held
  }

  /** Forgets the least recently used entries past the limits, never `kept`. */
  private trim(kept: string): void {
    const maxWeight = this.limits.maxWeight ?? Number.POSITIVE_INFINITY
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.held <= maxWeight) break
      if (oldest === kept) continue
      this.drop(oldest, entry, true)
    }
  }

  /** Takes `key`'s entry and its weight out; tells `onForget` of its value when `forgotten`. */
  private drop(key: string, entry: { value: V; weight: number }, forgotten: boolean): void {
    this.entries.delete(key)
    this.held -= entry.weight
    if (forgotten) this.limits.onForget?.(entry.value)
  }

  private weightOf(value: V): number {
    return this.limits.weigh?.(value) ?? 0
  }
}
