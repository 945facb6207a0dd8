import { describe, expect, it } from 'vitest'
import { createReadCache } from './read-cache.ts'

/** A promise the test settles by hand, to hold a computation open. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(maxEntries = 10) {
  const clock = { t: 1_000 }
  const cache = createReadCache<string>({ freshMs: 100, staleMs: 400, maxEntries, now: () => clock.t })
  let loads = 0
  const load = (value: string) => async () => {
    loads += 1
    return `${value}#${loads}`
  }
  return { cache, clock, load, loads: () => loads }
}

describe('createReadCache', () => {
  it('shares one computation between concurrent misses and serves it while fresh', async () => {
    const { cache, clock } = setup()
    const gate = deferred<string>()
    let loads = 0
    const load = () => {
      loads += 1
      return gate.promise
    }
    const burst = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    gate.resolve('v')
    expect(await burst).toEqual(['v', 'v', 'v'])
    clock.t += 99
    expect(await cache.get('k', load)).toBe('v')
    expect(loads).toBe(1)
  })

  it('serves a stale value while one background refresh runs, then the refreshed one', async () => {
    const { cache, clock, load, loads } = setup()
    expect(await cache.get('k', load('a'))).toBe('a#1')
    clock.t += 150
    // Stale but within the window: answered at once, one refresh started for all of them.
    expect(await Promise.all([cache.get('k', load('b')), cache.get('k', load('b'))])).toEqual(['a#1', 'a#1'])
    await Promise.resolve()
    expect(loads()).toBe(2)
    expect(await cache.get('k', load('c'))).toBe('b#2')
  })

  it('runs at most maxRefreshing background refreshes at once, serving the other stale keys as they are', async () => {
    const clock = { t: 1_000 }
    const cache = createReadCache<string>({
      freshMs: 100,
      staleMs: 400,
      maxEntries: 10,
      maxRefreshing: 2,
      now: () => clock.t,
    })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => `${key}0`)
    clock.t += 150
    const gates = [deferred<string>(), deferred<string>(), deferred<string>()]
    const started: string[] = []
    const refresh = (key: string, index: number) => () => {
      started.push(key)
      return (gates[index] as ReturnType<typeof deferred<string>>).promise
    }
    expect(await cache.get('a', refresh('a', 0))).toBe('a0')
    expect(await cache.get('b', refresh('b', 1))).toBe('b0')
    // Both slots taken: 'c' is served stale and not refreshed yet.
    expect(await cache.get('c', refresh('c', 2))).toBe('c0')
    expect(started).toEqual(['a', 'b'])
    gates[0]?.resolve('a1')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await cache.get('a', refresh('a', 0))).toBe('a1')
    // A slot is free again: the next read of 'c' starts its refresh.
    expect(await cache.get('c', refresh('c', 2))).toBe('c0')
    expect(started).toEqual(['a', 'b', 'c'])
    gates[2]?.resolve('c1')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await cache.get('c', refresh('c', 2))).toBe('c1')
    // A failed refresh frees its slot too.
    gates[1]?.reject(new Error('database gone'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    clock.t += 150
    expect(await cache.get('a', refresh('a', 0))).toBe('a1')
    expect(await cache.get('c', refresh('c', 2))).toBe('c1')
    expect(started).toEqual(['a', 'b', 'c', 'a', 'c'])
  })

  it('makes a reader wait for a fresh value once the stale window has passed', async () => {
    const { cache, clock, load } = setup()
    await cache.get('k', load('a'))
    clock.t += 500
    expect(await cache.get('k', load('b'))).toBe('b#2')
  })

  it('never serves a value stored before invalidate()', async () => {
    const { cache, load } = setup()
    await cache.get('k', load('a'))
    cache.invalidate()
    expect(await cache.get('k', load('b'))).toBe('b#2')
    expect(await cache.get('k', load('c'))).toBe('b#2')
  })

  it('does not store a computation that was running when invalidate() was called', async () => {
    const { cache } = setup()
    const gate = deferred<string>()
    const before = cache.get('k', () => gate.promise)
    cache.invalidate()
    // A reader arriving after the change does not join the computation that may have missed it.
    const after = cache.get('k', async () => 'fresh')
    gate.resolve('old')
    expect(await before).toBe('old')
    expect(await after).toBe('fresh')
    expect(await cache.get('k', async () => 'unused')).toBe('fresh')
  })

  it('rejects the callers of a failed computation and retries on the next read', async () => {
    const { cache } = setup()
    const failing = Promise.allSettled([
      cache.get('k', async () => Promise.reject(new Error('db down'))),
      cache.get('k', async () => 'unused'),
    ])
    expect((await failing).map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(await cache.get('k', async () => 'back')).toBe('back')
  })

  it('keeps a stale value when its background refresh fails', async () => {
    const { cache, clock, load } = setup()
    await cache.get('k', load('a'))
    clock.t += 150
    expect(await cache.get('k', async () => Promise.reject(new Error('db down')))).toBe('a#1')
    await Promise.resolve()
    expect(await cache.get('k', load('b'))).toBe('a#1')
  })

  it('drops the least recently used key past maxEntries', async () => {
    const { cache, load } = setup(2)
    await cache.get('a', load('a'))
    await cache.get('b', load('b'))
    await cache.get('a', load('unused'))
    await cache.get('c', load('c'))
    expect(cache.size).toBe(2)
    expect(await cache.get('a', load('unused'))).toBe('a#1')
    expect(await cache.get('b', load('b'))).toBe('b#4')
  })

  it('serves held values through `serving`, with the mark read as their load began', async () => {
    let position = 0
    const cache = createReadCache<string>({
      freshMs: 100,
      staleMs: 400,
      maxEntries: 10,
      serving: { mark: () => position, serve: (value, mark) => `${value}@${mark}/${position}` },
    })
    position = 1
    const gate = deferred<string>()
    const first = cache.get('k', () => gate.promise)
    position = 2
    gate.resolve('v')
    expect(await first).toBe('v@1/2')
    position = 3
    expect(await cache.get('k', async () => 'unused')).toBe('v@1/3')
    // A computation the cache did not keep is given as it was computed.
    const held = deferred<string>()
    const dropped = cache.get('other', () => held.promise)
    cache.invalidateWhere(() => false)
    held.resolve('w')
    expect(await dropped).toBe('w')
  })
})
