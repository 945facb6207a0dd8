import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_REDIS_URL, deleteRedisKeys, probeRedis } from '../../test/spawn-server.ts'
import {
  createMemoryPresenceStore,
  createPresence,
  createRedisPresenceStore,
  PRESENCE_TTL_SECONDS,
  type Presence,
  type PresenceStore,
  type RedisPresenceStore,
} from './presence.ts'
import { FakeSocket } from './ws-test-client.ts'

/** A store the test reads: what this instance reported, and what the others hold. */
function recordingStore() {
  const reports: number[] = []
  let others = 0
  let closed = false
  const store: PresenceStore = {
    kind: 'memory',
    report: async (count) => {
      reports.push(count)
    },
    total: async (local) => local + others,
    close: async () => {
      closed = true
    },
  }
  return {
    store,
    reports,
    setOthers(count: number) {
      others = count
    },
    get closed() {
      return closed
    },
  }
}

const presences: Presence[] = []
afterEach(async () => {
  await Promise.all(presences.splice(0).map((presence) => presence.close()))
})

function presenceOn(store: PresenceStore, reportMs = 5000): Presence {
  const presence = createPresence({ store, reportMs })
  presences.push(presence)
  return presence
}

describe('presence', () => {
  it('reports its socket count once a second while it changes, every few seconds regardless, and adds the others', async () => {
    vi.useFakeTimers()
    try {
      const recording = recordingStore()
      const presence = presenceOn(recording.store)
      // A burst of connections is one report, a second later.
      const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()]
      for (const socket of sockets) presence.track(socket)
      expect(recording.reports).toEqual([])
      vi.advanceTimersByTime(1000)
      expect(recording.reports).toEqual([3])
      sockets[0]?.terminate()
      vi.advanceTimersByTime(1000)
      expect(recording.reports).toEqual([3, 2])
      // Nothing changes: the periodic report keeps the count fresh for the other instances.
      vi.advanceTimersByTime(5000)
      expect(recording.reports.at(-1)).toBe(2)
      expect(recording.reports.length).toBeGreaterThanOrEqual(3)
      recording.setOthers(40)
      expect(presence.localCount()).toBe(2)
      await expect(presence.connectedTotal()).resolves.toBe(42)
    } finally {
      vi.useRealTimers()
    }
  })

  it('counts a socket once however often it is tracked, until it closes', () => {
    const presence = presenceOn(recordingStore().store)
    const socket = new FakeSocket()
    presence.track(socket)
    presence.track(socket)
    expect(presence.localCount()).toBe(1)
    socket.close(1000, 'bye')
    expect(presence.localCount()).toBe(0)
  })

  it('stops reporting and closes its store on close', async () => {
    vi.useFakeTimers()
    try {
      const recording = recordingStore()
      const presence = createPresence({ store: recording.store, reportMs: 5000 })
      presence.track(new FakeSocket())
      await presence.close()
      expect(recording.closed).toBe(true)
      vi.advanceTimersByTime(20_000)
      expect(recording.reports).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers the local count alone with the memory store: one process holds every socket', async () => {
    const store = createMemoryPresenceStore()
    await store.report(40)
    expect(await store.total(3)).toBe(3)
  })
})

// Runs against the real Redis at REDIS_URL (default the local one), under a key prefix of its own.
const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL
const redisProblem = await probeRedis(redisUrl)
const redisName = redisProblem
  ? `redis presence: skipped because no Redis answered at ${new URL(redisUrl).host} (${redisProblem})`
  : 'redis presence against the Redis at REDIS_URL'

describe.skipIf(redisProblem !== null)(redisName, () => {
  const prefix = `bashboard-presence-test:${randomBytes(4).toString('hex')}:`
  const key = `${prefix}live:connections`
  const stores: PresenceStore[] = []

  async function store(): Promise<RedisPresenceStore> {
    const created = createRedisPresenceStore(redisUrl, { prefix })
    stores.push(created)
    expect(await created.waitUntilReady(3000)).toBe(true)
    return created
  }

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((created) => created.close()))
  })
  afterAll(async () => {
    await deleteRedisKeys(redisUrl, prefix)
  })

  it('adds the sockets other instances reported to its own, leaving out stale reports and closed instances', async () => {
    const [a, b, c] = [await store(), await store(), await store()]
    await b.report(4)
    await c.report(7)
    // An instance's own report is never added: its exact count is.
    await a.report(100)
    expect(await a.total(2)).toBe(13)
    expect(await b.total(4)).toBe(111)

    // An instance that died without closing: its last report is older than the TTL.
    const raw = new Redis(redisUrl)
    try {
      const stale = Math.floor(Date.now() / 1000) - PRESENCE_TTL_SECONDS - 5
      await raw.hset(key, 'crashed-instance', `50:${stale}`)
      expect(await a.total(2)).toBe(13)
      expect(await raw.hexists(key, 'crashed-instance')).toBe(0)
      // One that closed is gone from the totals at once.
      await c.close()
      expect(await a.total(2)).toBe(6)
    } finally {
      raw.disconnect()
    }
  })

  it('keeps the layout other instances read: one `<count>:<Redis time in s>` field each, under a 60 s TTL', async () => {
    const a = await store()
    await a.report(5)
    const raw = new Redis(redisUrl)
    try {
      const [seconds] = await raw.time()
      const fields = Object.values(await raw.hgetall(key))
      expect(fields).toHaveLength(1)
      const [count, at] = (fields[0] ?? '').split(':')
      expect(count).toBe('5')
      expect(Math.abs(Number(at) - Number(seconds))).toBeLessThanOrEqual(1)
      expect(await raw.ttl(key)).toBeGreaterThan(PRESENCE_TTL_SECONDS * 4 - 5)
      // A report written by hand in that layout, as another instance would, counts.
      await raw.hset(key, 'other-instance', `3:${seconds}`)
      expect(await a.total(0)).toBe(3)
    } finally {
      raw.disconnect()
    }
  })

  it('answers the local count when Redis cannot be reached, and never rejects', async () => {
    const unreachable = createRedisPresenceStore('redis://127.0.0.1:1', { prefix })
    stores.push(unreachable)
    await expect(unreachable.report(9)).resolves.toBe(undefined)
    await expect(unreachable.total(4)).resolves.toBe(4)
  })
})
