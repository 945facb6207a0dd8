import type { LiveEventMessage } from '@bashboard/server/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocketFactory, type FakeSocket } from '../test/fake-socket'
import { backoffDelay, LiveClient, type LiveClientOptions } from './socket-client'
import type { LiveStatus } from './types'

function setup(options: Partial<LiveClientOptions> = {}) {
  const factory = createFakeSocketFactory()
  const events: LiveEventMessage[] = []
  const resets: string[] = []
  const statuses: LiveStatus[] = []
  const client = new LiveClient({
    url: 'ws://localhost/ws',
    createSocket: factory.create,
    onEvent: (message) => events.push(message),
    onReset: (topic) => resets.push(topic),
    onStatus: (status) => statuses.push(status),
    random: () => 1,
    ...options,
  })
  const latest = (): FakeSocket => {
    const socket = factory.sockets.at(-1)
    if (!socket) throw new Error('no socket was opened')
    return socket
  }
  return { client, sockets: factory.sockets, latest, events, resets, statuses }
}

/** Lets queued microtasks (the batched subscribe) run. */
async function flushMicrotasks(): Promise<void> {
  await Promise.resolve()
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('backoffDelay', () => {
  it('doubles from 0.5 s and stops growing at 30 s', () => {
    const max = (attempt: number) => backoffDelay(attempt, () => 1)
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(max)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ])
  })

  it('keeps at least half of the delay whatever the jitter', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000)
    expect(backoffDelay(3, () => 0.5)).toBe(3000)
  })
})

describe('LiveClient', () => {
  it('waits longer after each failed connection, up to the cap', () => {
    const { client, sockets, latest } = setup()
    client.start()
    const waits: number[] = []
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const before = sockets.length
      latest().drop()
      let waited = 0
      while (sockets.length === before) {
        vi.advanceTimersByTime(100)
        waited += 100
      }
      waits.push(waited)
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    client.stop()
  })

  it('starts from the shortest delay again after a connection that stayed up', () => {
    const { client, sockets, latest } = setup({ pingIntervalMs: 600_000 })
    client.start()
    latest().drop()
    vi.advanceTimersByTime(500)
    latest().drop()
    vi.advanceTimersByTime(1000)
    latest().open()
    vi.advanceTimersByTime(60_000)
    const before = sockets.length
    latest().drop()
    vi.advanceTimersByTime(499)
    expect(sockets).toHaveLength(before)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(before + 1)
    client.stop()
  })

  it('subscribes with the REST liveId, then resubscribes with the last seen id after a reconnect', async () => {
    const { client, latest, events } = setup()
    client.start()
    latest().open()
    client.subscribe('stats', '5')
    await flushMicrotasks()
    expect(latest().sentOfType('subscribe')).toEqual([
      { type: 'subscribe', topics: ['stats'], since: { stats: '5' } },
    ])

    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '6', data: {} })
    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '7', data: {} })
    expect(events.map((event) => event.id)).toEqual(['6', '7'])

    latest().drop()
    vi.advanceTimersByTime(500)
    latest().open()
    expect(latest().sentOfType('subscribe')).toEqual([
      { type: 'subscribe', topics: ['stats'], since: { stats: '7' } },
    ])
    client.stop()
  })

  it('drops replayed events it has already applied', async () => {
    const { client, latest, events } = setup()
    client.start()
    latest().open()
    client.subscribe('stats', '10')
    await flushMicrotasks()
    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '9', data: {} })
    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '10', data: {} })
    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '11', data: {} })
    latest().receive({ type: 'event', topic: 'stats', event: 'stats.updated', id: '11', data: {} })
    expect(events.map((event) => event.id)).toEqual(['11'])
    client.stop()
  })

  it('counts holders: the topic is unsubscribed only when the last one lets go', async () => {
    const { client, latest } = setup()
    client.start()
    latest().open()
    const releaseA = client.subscribe('leaderboard')
    const releaseB = client.subscribe('leaderboard')
    await flushMicrotasks()
    expect(latest().sentOfType('subscribe')).toHaveLength(1)
    releaseA()
    releaseA()
    await flushMicrotasks()
    expect(latest().sentOfType('unsubscribe')).toHaveLength(0)
    releaseB()
    await flushMicrotasks()
    expect(latest().sentOfType('unsubscribe')).toEqual([{ type: 'unsubscribe', topics: ['leaderboard'] }])
    client.stop()
  })

  it('sends nothing for a topic released and taken again in the same tick', async () => {
    const { client, latest } = setup()
    client.start()
    latest().open()
    client.subscribe('posts')
    await flushMicrotasks()
    const release = client.subscribe('posts')
    release()
    client.subscribe('posts')
    await flushMicrotasks()
    expect(latest().sent.filter((message) => message.type !== 'ping')).toHaveLength(1)
    client.stop()
  })

  it('authenticates by its session cookie before subscribing, so private topics are not refused', async () => {
    const { client, latest } = setup({ session: 'csrf-1' })
    client.subscribe('user:42')
    client.start()
    latest().open()
    await flushMicrotasks()
    // No token: the server signs the socket in by the cookie its upgrade carried.
    expect(latest().sent).toEqual([{ type: 'auth' }])
    latest().receive({ type: 'authed', userId: '42', role: 'member' })
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', topics: ['user:42'] })
    client.stop()
  })

  it('reconnects when a login starts a session, so the new cookie signs the socket in', async () => {
    const { client, sockets, latest } = setup()
    client.start()
    latest().open()
    client.subscribe('user:42')
    await flushMicrotasks()
    latest().receive({ type: 'error', code: 'forbidden', message: 'Not yours', topic: 'user:42' })
    const anonymous = latest()
    client.setSession('csrf-2')
    expect(anonymous.closedByClient).toBe(true)
    expect(sockets).toHaveLength(2)
    latest().open()
    expect(latest().sent.at(0)).toEqual({ type: 'auth' })
    latest().receive({ type: 'authed', userId: '42', role: 'member' })
    expect(latest().sent.at(-1)).toEqual({ type: 'subscribe', topics: ['user:42'] })
    client.stop()
  })

  it('reconnects anonymously on logout to shed private topics', () => {
    const { client, sockets, latest } = setup({ session: 'csrf-1' })
    client.start()
    latest().open()
    const signedIn = latest()
    client.setSession(null)
    expect(signedIn.closedByClient).toBe(true)
    expect(sockets).toHaveLength(2)
    latest().open()
    expect(latest().sentOfType('auth')).toHaveLength(0)
    client.stop()
  })

  it('keeps its socket when the same session is given again', () => {
    const { client, sockets, latest } = setup({ session: 'csrf-1' })
    client.start()
    latest().open()
    client.setSession('csrf-1')
    expect(sockets).toHaveLength(1)
    client.stop()
  })

  it('hands a reset to the features and forgets the topic id so the refetch sets it', async () => {
    const { client, latest, resets } = setup()
    client.start()
    latest().open()
    client.subscribe('stats', '3')
    await flushMicrotasks()
    latest().receive({ type: 'reset', topic: 'stats' })
    expect(resets).toEqual(['stats'])
    expect(client.lastIdOf('stats')).toBeUndefined()
    client.noteLiveId('stats', '40')
    expect(client.lastIdOf('stats')).toBe('40')
    client.stop()
  })

  it('pings while idle and reconnects when a ping goes unanswered', () => {
    const { client, sockets, latest, statuses } = setup({ pingIntervalMs: 25_000 })
    client.start()
    latest().open()
    vi.advanceTimersByTime(25_000)
    expect(latest().sentOfType('ping')).toHaveLength(1)
    latest().receive({ type: 'pong' })
    vi.advanceTimersByTime(25_000)
    expect(latest().sentOfType('ping')).toHaveLength(2)
    // No answer to the second ping: at the next tick the socket is given up.
    vi.advanceTimersByTime(25_000)
    expect(sockets[0]?.closedByClient).toBe(true)
    expect(statuses.at(-1)).toBe('reconnecting')
    vi.advanceTimersByTime(500)
    expect(sockets).toHaveLength(2)
    client.stop()
    expect(statuses.at(-1)).toBe('offline')
  })
})
