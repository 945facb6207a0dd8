import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WebSocket } from 'ws'
import {
  type BacklogResult,
  type Bus,
  type BusMessage,
  type BusSubscriber,
  createMemoryBus,
  eventFrameParts,
  type LiveLogger,
  resetFrame,
} from './bus.ts'
import { createLiveHub, type Hub, type LiveSocket } from './hub.ts'
import { FakeSocket } from './ws-test-client.ts'

const USER_ID = '7e0f5b2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const POST_ID = '0b6a3c1e-1f0d-4c9a-9a57-5b1f0e3d2c10'

/** A bus the test drives by hand: it decides when messages arrive and when backlogs answer. */
function manualBus() {
  const subscribers = new Set<BusSubscriber>()
  const backlogCalls: Array<{ topic: string; since: string; answer: (result: BacklogResult) => void }> = []
  const currentIds = new Map<string, string>()
  let publishImpl: Bus['publish'] = async () => '1'
  const bus: Bus = {
    kind: 'memory',
    publish: (topic, event, data) => publishImpl(topic, event, data),
    backlog: (topic, since) => new Promise((answer) => backlogCalls.push({ topic, since, answer })),
    currentId: async (topic) => currentIds.get(topic) ?? '0',
    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
    isReady: async () => true,
    waitUntilReady: async () => true,
    close: async () => {},
  }
  return {
    bus,
    backlogCalls,
    currentIds,
    setPublish(impl: Bus['publish']) {
      publishImpl = impl
    },
    deliver(...messages: BusMessage[]) {
      for (const message of messages) for (const subscriber of subscribers) subscriber.message(message)
    },
    resume() {
      for (const subscriber of subscribers) subscriber.resumed()
    },
  }
}

function message(topic: string, id: number, event = 'stats.updated', data: unknown = { id }): BusMessage {
  const [head, tail] = eventFrameParts(topic, event, data)
  return { topic, id: String(id), event, frame: `${head}${id}${tail}` }
}

function resetMarker(topic: string, id: number): BusMessage {
  return { topic, id: String(id), event: null, frame: resetFrame(topic) }
}

function recordingLogger(): LiveLogger & { warnings: string[] } {
  const warnings: string[] = []
  return {
    warnings,
    debug() {},
    info() {},
    warn(_obj: object, msg?: string) {
      warnings.push(msg ?? '')
    },
    error(_obj: object, msg?: string) {
      warnings.push(msg ?? '')
    },
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

const hubs: Hub[] = []
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()))
})

function hubOn(bus: Bus, options: Partial<Parameters<typeof createLiveHub>[0]> = {}): Hub {
  const hub = createLiveHub({ bus, log: recordingLogger(), closeGraceMs: 10, ...options })
  hubs.push(hub)
  return hub
}

function connect(hub: Hub): { fake: FakeSocket; socket: LiveSocket } {
  const fake = new FakeSocket()
  return { fake, socket: hub.addSocket(fake as unknown as WebSocket) }
}

describe('hub fan-out', () => {
  it('sends one encoded copy of each message to every subscriber of its topic, and to no one else', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const a = connect(hub)
    const b = connect(hub)
    const other = connect(hub)
    hub.subscribe(a.socket, 'stats', null)
    hub.subscribe(b.socket, 'stats', null)
    hub.subscribe(other.socket, 'posts', null)

    manual.deliver(message('stats', 7))

    expect(a.fake.ids()).toEqual(['7'])
    expect(b.fake.ids()).toEqual(['7'])
    expect(other.fake.raw).toEqual([])
    // Encoded once per instance: both sockets were handed the very same bytes.
    expect(a.fake.raw[0]).toBe(b.fake.raw[0])
  })

  it('stops sending a topic after unsubscribe and forgets topics nobody holds', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    manual.deliver(message('stats', 1))
    hub.unsubscribe(socket, 'stats')
    manual.deliver(message('stats', 2))
    expect(fake.ids()).toEqual(['1'])
    expect(hub.stats().topics).toBe(0)
  })

  it('closes with 1013 a socket more than 1 MB behind, and stops sending to it', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const slow = connect(hub)
    const fast = connect(hub)
    hub.subscribe(slow.socket, 'stats', null)
    hub.subscribe(fast.socket, 'stats', null)
    slow.fake.bufferedAmount = 1024 * 1024 + 1

    manual.deliver(message('stats', 1), message('stats', 2))

    expect(slow.fake.closedWith?.code).toBe(1013)
    expect(slow.fake.raw).toEqual([])
    expect(fast.fake.ids()).toEqual(['1', '2'])
    expect(hub.stats().sockets).toBe(1)
  })
})

describe('hub catch-up with since', () => {
  it('replays the missed events in order, then follows the live stream without duplicates', async () => {
    const bus = createMemoryBus()
    const hub = hubOn(bus)
    const first = await bus.publish('stats', 'stats.updated', { n: 1 })
    const second = await bus.publish('stats', 'stats.updated', { n: 2 })
    const third = await bus.publish('stats', 'stats.updated', { n: 3 })
    const { fake, socket } = connect(hub)

    hub.subscribe(socket, 'stats', Number(first))
    await flush()
    const fourth = await bus.publish('stats', 'stats.updated', { n: 4 })

    expect(fake.ids()).toEqual([second, third, fourth])
  })

  it('holds back live messages while the backlog loads and sends each message exactly once', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', 10)
    expect(manual.backlogCalls.map((call) => [call.topic, call.since])).toEqual([['stats', '10']])

    manual.deliver(message('stats', 12), message('stats', 13))
    expect(fake.raw).toEqual([])
    manual.backlogCalls[0]?.answer({ kind: 'replay', messages: [message('stats', 11), message('stats', 12)] })
    await flush()
    manual.deliver(message('stats', 14))

    expect(fake.ids()).toEqual(['11', '12', '13', '14'])
  })

  it('skips live messages the replay already sent when the backlog is ahead of the pub/sub stream', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const watcher = connect(hub)
    hub.subscribe(watcher.socket, 'stats', null)
    manual.deliver(message('stats', 10))
    const { fake, socket } = connect(hub)

    hub.subscribe(socket, 'stats', 10)
    manual.backlogCalls[0]?.answer({ kind: 'replay', messages: [message('stats', 11), message('stats', 12)] })
    await flush()
    manual.deliver(message('stats', 11), message('stats', 12), message('stats', 13), message('stats', 14))

    expect(fake.ids()).toEqual(['11', '12', '13', '14'])
    expect(watcher.fake.ids()).toEqual(['10', '11', '12', '13', '14'])
    expect(hub.stats().pending).toBe(0)
  })

  it('sends reset when the backlog no longer holds what the client missed, then live messages', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', 3)
    manual.deliver(message('stats', 500))
    manual.backlogCalls[0]?.answer({ kind: 'reset' })
    await flush()
    manual.deliver(message('stats', 501))
    expect(fake.ids()).toEqual(['reset', '500', '501'])
  })

  it('forgets a catch-up whose socket unsubscribed before the backlog answered', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', 3)
    hub.unsubscribe(socket, 'stats')
    manual.backlogCalls[0]?.answer({ kind: 'replay', messages: [message('stats', 4)] })
    await flush()
    manual.deliver(message('stats', 5))
    expect(fake.raw).toEqual([])
  })
})

describe('hub stream checks', () => {
  it('fills a gap in the stream from the backlog, holding back what arrives meanwhile', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    manual.deliver(message('stats', 10), message('stats', 13))
    expect(manual.backlogCalls.map((call) => call.since)).toEqual(['10'])
    manual.deliver(message('stats', 14))
    manual.backlogCalls[0]?.answer({
      kind: 'replay',
      messages: [message('stats', 11), message('stats', 12), message('stats', 13)],
    })
    await flush()
    expect(fake.ids()).toEqual(['10', '11', '12', '13', '14'])
  })

  it('resets the topic when a gap cannot be filled, then delivers what came after', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    manual.deliver(message('stats', 10), message('stats', 900))
    manual.backlogCalls[0]?.answer({ kind: 'reset' })
    await flush()
    manual.deliver(message('stats', 901))
    expect(fake.ids()).toEqual(['10', 'reset', '900', '901'])
  })

  it('resets the topic when ids go backwards (the counter was lost) and keeps delivering', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    manual.deliver(message('stats', 10), message('stats', 4), message('stats', 5))
    expect(fake.ids()).toEqual(['10', 'reset', '4', '5'])
  })

  it('catches up every topic after the bus resumes: replay where it can, reset where events are unknown', async () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    hub.subscribe(socket, 'posts', null)
    hub.subscribe(socket, 'leaderboard', null)
    manual.deliver(message('stats', 10))
    manual.currentIds.set('posts', '77')

    manual.resume()
    await flush()
    manual.backlogCalls
      .find((call) => call.topic === 'stats')
      ?.answer({ kind: 'replay', messages: [message('stats', 11)] })
    await flush()

    const received = fake.messages().map((m) => `${m.topic}:${m.type === 'reset' ? 'reset' : m.id}`)
    // posts had events this instance never saw, so its subscribers refetch; leaderboard had none at all.
    expect(received.sort()).toEqual(['posts:reset', 'stats:10', 'stats:11'])
  })

  it('forwards reset markers from the bus as reset messages', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.subscribe(socket, 'stats', null)
    manual.deliver(message('stats', 10), resetMarker('stats', 11), message('stats', 12))
    expect(fake.ids()).toEqual(['10', 'reset', '12'])
  })
})

describe('hub access changes', () => {
  it('drops the private topics a socket may no longer hold when its user changes', () => {
    const hub = hubOn(manualBus().bus)
    const { socket } = connect(hub)
    hub.setAuth(socket, { id: USER_ID, role: 'moderator', exp: Date.now() / 1000 + 60 })
    for (const topic of ['posts', `post:${POST_ID}`, `user:${USER_ID}`, 'mod'])
      hub.subscribe(socket, topic, null)

    expect(hub.setAuth(socket, { id: USER_ID, role: 'member', exp: Date.now() / 1000 + 60 })).toEqual(['mod'])
    expect(hub.setAuth(socket, null)).toEqual([`user:${USER_ID}`])
    expect([...socket.topics].sort()).toEqual(['post:0b6a3c1e-1f0d-4c9a-9a57-5b1f0e3d2c10', 'posts'])
  })

  it('takes mod away from a socket as soon as role.changed demotes its user', () => {
    const manual = manualBus()
    const hub = hubOn(manual.bus)
    const { fake, socket } = connect(hub)
    hub.setAuth(socket, { id: USER_ID, role: 'moderator', exp: Date.now() / 1000 + 60 })
    hub.subscribe(socket, 'mod', null)

    manual.deliver(message(`user:${USER_ID}`, 1, 'role.changed', { role: 'contributor', contributor: true }))
    manual.deliver(message('mod', 1, 'activity'))

    expect(socket.auth?.role).toBe('contributor')
    expect(fake.messages()).toEqual([
      { type: 'error', code: 'forbidden', message: expect.any(String), topic: 'mod' },
    ])
  })
})

describe('hub lifecycle', () => {
  it('pings sockets and terminates one that did not answer the previous ping', () => {
    vi.useFakeTimers()
    try {
      const hub = hubOn(manualBus().bus, { heartbeatMs: 1000 })
      const silent = connect(hub)
      const answering = connect(hub)
      answering.fake.ping = () => {
        answering.fake.pings += 1
        answering.fake.emit('pong')
      }
      vi.advanceTimersByTime(1000)
      expect(silent.fake.pings).toBe(1)
      expect(silent.fake.terminated).toBe(false)
      vi.advanceTimersByTime(1000)
      expect(silent.fake.terminated).toBe(true)
      expect(answering.fake.terminated).toBe(false)
      expect(hub.stats().sockets).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('closes every socket with 1001 and refuses new work once closing', async () => {
    const hub = hubOn(manualBus().bus)
    const a = connect(hub)
    const b = connect(hub)
    await hub.closeSockets()
    expect(a.fake.closedWith).toEqual({ code: 1001, reason: 'server shutting down' })
    expect(b.fake.closedWith?.code).toBe(1001)
    expect(hub.closing).toBe(true)
    expect(hub.stats().sockets).toBe(0)
  })
})

describe('hub publish', () => {
  it('returns within its bound and logs the drop when the bus hangs', async () => {
    const manual = manualBus()
    const log = recordingLogger()
    const hub = hubOn(manual.bus, { log, publishTimeoutMs: 50 })
    manual.setPublish(() => new Promise(() => {}))
    const started = Date.now()
    await hub.publish('stats', 'stats.updated', {
      totalPosts: 1,
      totalUsers: 1,
      totalCategories: 1,
      todaysPosts: [],
      activeToday: 1,
    })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(log.warnings).toContain('live event dropped')
  })

  it('never rejects when the bus fails, and refuses malformed topics', async () => {
    const manual = manualBus()
    const log = recordingLogger()
    const hub = hubOn(manual.bus, { log })
    const published: string[] = []
    manual.setPublish(async (topic) => {
      published.push(topic)
      throw new Error('redis is down')
    })
    await expect(
      hub.publish(`post:${POST_ID}`, 'post.views', { postId: POST_ID, viewCount: 2 }),
    ).resolves.toBe(undefined)
    await hub.publish('post:not-a-uuid', 'post.views', { postId: POST_ID, viewCount: 1 })
    expect(published).toEqual([`post:${POST_ID}`])
    expect(log.warnings).toEqual(['live event dropped', 'refusing to publish on a malformed topic'])
  })

  it('type-checks event names and payloads against the contract', async () => {
    const hub = hubOn(createMemoryBus())
    await hub.publish(`post:${POST_ID}`, 'post.votes', { postId: POST_ID, uplikeCount: 1, downlikeCount: 0 })
    // @ts-expect-error post.created belongs to the posts topic, not post:<id>
    await hub.publish(`post:${POST_ID}`, 'post.created', { postId: POST_ID })
    // @ts-expect-error the payload lacks downlikeCount
    await hub.publish(`post:${POST_ID}`, 'post.votes', { postId: POST_ID, uplikeCount: 1 })
    expect(await hub.currentId(`post:${POST_ID}`)).not.toBe('0')
  })
})
