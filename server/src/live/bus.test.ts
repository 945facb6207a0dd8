import { Compile } from 'typebox/compile'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LiveEventMessage, LiveResetMessage } from '../contract/live.ts'
import { type Bus, type BusMessage, createMemoryBus, parseEventId, resetFrame } from './bus.ts'

const buses: Bus[] = []
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()))
})

function memoryBus(options: Parameters<typeof createMemoryBus>[0] = {}): Bus {
  const bus = createMemoryBus(options)
  buses.push(bus)
  return bus
}

async function publishMany(bus: Bus, topic: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i += 1) ids.push(await bus.publish(topic, 'stats.updated', { n: i }))
  return ids
}

const ids = (result: Awaited<ReturnType<Bus['backlog']>>): string[] =>
  result.kind === 'replay' ? result.messages.map((message) => message.id) : ['reset']

describe('memory bus ids', () => {
  it('gives each topic ids that grow by one, starting at the clock in ms', async () => {
    const bus = memoryBus({ now: () => 1_700_000_000_000 })
    const stats = await publishMany(bus, 'stats', 3)
    const posts = await publishMany(bus, 'posts', 2)
    expect(stats).toEqual(['1700000000000', '1700000000001', '1700000000002'])
    // Another topic's counter starts above every id handed out so far.
    expect(posts).toEqual(['1700000000003', '1700000000004'])
  })

  it("answers '0' as the current id of a topic without events, else its last id", async () => {
    const bus = memoryBus()
    expect(await bus.currentId('stats')).toBe('0')
    const [, last] = await publishMany(bus, 'stats', 2)
    expect(await bus.currentId('stats')).toBe(last)
  })

  it('forgets idle topics and restarts their counter above every id handed out before', async () => {
    vi.useFakeTimers()
    try {
      let now = 1_000_000
      const bus = memoryBus({ now: () => now, backlogTtlSeconds: 1 })
      const [first] = await publishMany(bus, 'stats', 1)
      now += 5000
      vi.advanceTimersByTime(1000)
      expect(await bus.currentId('stats')).toBe('0')
      // Even with a clock that went backwards, the new counter starts above the old ids.
      now = 0
      const [next] = await publishMany(bus, 'stats', 1)
      expect(Number(next)).toBe(Number(first) + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('memory bus backlog', () => {
  it('replays, in order, exactly the messages after the given id', async () => {
    const bus = memoryBus()
    const published = await publishMany(bus, 'stats', 5)
    expect(ids(await bus.backlog('stats', published[1] as string))).toEqual(published.slice(2))
    expect(ids(await bus.backlog('stats', published[4] as string))).toEqual([])
  })

  it("replays every message for since '0' while the topic's first message is still kept", async () => {
    const bus = memoryBus()
    const published = await publishMany(bus, 'stats', 3)
    expect(ids(await bus.backlog('stats', '0'))).toEqual(published)
    expect(ids(await bus.backlog('never-published', '0'))).toEqual([])
  })

  it('keeps at most backlogSize messages and resets a client whose id is older than that', async () => {
    const bus = memoryBus({ backlogSize: 200 })
    const published = await publishMany(bus, 'stats', 250)
    // Messages 51..250 are kept: a client at 50 misses nothing, one at 49 missed message 50.
    expect(ids(await bus.backlog('stats', published[49] as string))).toEqual(published.slice(50))
    expect(ids(await bus.backlog('stats', published[48] as string))).toEqual(['reset'])
    expect(ids(await bus.backlog('stats', '0'))).toEqual(['reset'])
  })

  it('drops messages older than the TTL and resets clients that needed them', async () => {
    let now = 1_000_000
    const bus = memoryBus({ now: () => now, backlogTtlSeconds: 60 })
    const [first, second] = await publishMany(bus, 'stats', 2)
    now += 30_000
    const [third] = await publishMany(bus, 'stats', 1)
    now += 45_000
    expect(ids(await bus.backlog('stats', first as string))).toEqual(['reset'])
    expect(ids(await bus.backlog('stats', second as string))).toEqual([third])
  })

  it('resets an id from the future, an unknown topic and a malformed id', async () => {
    const bus = memoryBus()
    const [last] = await publishMany(bus, 'stats', 1)
    expect(ids(await bus.backlog('stats', String(Number(last) + 1)))).toEqual(['reset'])
    expect(ids(await bus.backlog('posts', '12'))).toEqual(['reset'])
    expect(ids(await bus.backlog('stats', 'abc'))).toEqual(['reset'])
  })
})

describe('memory bus delivery', () => {
  it('delivers every message synchronously, in order, until the subscriber leaves', async () => {
    const bus = memoryBus()
    const seen: BusMessage[] = []
    const leave = bus.subscribe({ message: (message) => seen.push(message), resumed: () => {} })
    const publishing = bus.publish('stats', 'stats.updated', { n: 1 })
    // Delivered before publish() even returns to the caller's next line.
    expect(seen.map((message) => message.topic)).toEqual(['stats'])
    await publishing
    await bus.publish('posts', 'post.deleted', { postId: 'x' })
    leave()
    await bus.publish('stats', 'stats.updated', { n: 2 })
    expect(seen.map((message) => [message.topic, message.event])).toEqual([
      ['stats', 'stats.updated'],
      ['posts', 'post.deleted'],
    ])
  })

  it('builds frames that are the contract event message, with the id filled in', async () => {
    const bus = memoryBus()
    const seen: BusMessage[] = []
    bus.subscribe({ message: (message) => seen.push(message), resumed: () => {} })
    const id = await bus.publish('post:1', 'post.views', {
      postId: 'p',
      viewCount: 3,
      note: 'a "quoted"\nline',
    })
    const frame: unknown = JSON.parse(seen[0]?.frame ?? '')
    expect(Compile(LiveEventMessage).Check(frame)).toBe(true)
    expect(frame).toEqual({
      type: 'event',
      topic: 'post:1',
      event: 'post.views',
      id,
      data: { postId: 'p', viewCount: 3, note: 'a "quoted"\nline' },
    })
    expect(Compile(LiveResetMessage).Check(JSON.parse(resetFrame('post:1')))).toBe(true)
  })
})

describe('parseEventId', () => {
  it('accepts decimal ids without leading zeros and refuses anything else', () => {
    expect(parseEventId('0')).toBe(0)
    expect(parseEventId('1700000000123')).toBe(1_700_000_000_123)
    expect(parseEventId('007')).toBeNull()
    expect(parseEventId('-1')).toBeNull()
    expect(parseEventId('1e3')).toBeNull()
    expect(parseEventId('1234567890123456')).toBeNull()
  })
})
