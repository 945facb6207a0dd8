import { Redis, type Result } from 'ioredis'
import { pollUntil } from '../lib/time.ts'

/**
 * The event bus behind the live channel: gives every event an id, keeps a bounded backlog per topic
 * and delivers every published event to every subscribed instance. `createMemoryBus` serves one
 * process; `createRedisBus` lets any number of instances share topics, ids and backlogs.
 *
 * Ids are decimal integers that grow by one per event of a topic. A topic's first id is the time in
 * milliseconds when its counter was created, so a counter that is lost (Redis restarted without
 * persistence, keys expired, process restarted) starts again above every id it handed out before, and
 * a client's old id can never be mistaken for a new one (see README.md).
 */

/** One published event (or reset marker) as the bus stores and delivers it. */
export interface BusMessage {
  readonly topic: string
  /** Decimal integer id, one more than the previous message of the topic. */
  readonly id: string
  /** The event name; null for a reset marker (the bus could not deliver something on this topic). */
  readonly event: string | null
  /** The serialised server → client message, sent to sockets exactly as it is. */
  readonly frame: string
}

/** What a client missed: the later messages in order, or `reset` when they are no longer all kept. */
export type BacklogResult =
  | { readonly kind: 'replay'; readonly messages: BusMessage[] }
  | { readonly kind: 'reset' }

/** Receives every message published on any instance, in id order per topic. */
export interface BusSubscriber {
  message(message: BusMessage): void
  /** Delivery was interrupted and works again: messages may have been missed meanwhile. */
  resumed(): void
}

/** Structured logger (pino-compatible, e.g. `app.log`). */
export interface LiveLogger {
  debug(obj: object, msg?: string): void
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** See the file comment. Every method is bounded in time; only `publish` rejects (on failure). */
export interface Bus {
  readonly kind: 'memory' | 'redis'
  /** Stores and delivers an event; resolves with its id, rejects when it could not be published. */
  publish(topic: string, event: string, data: unknown): Promise<string>
  /** The messages after `sinceId` (`'0'`: since the topic had no events), or `reset`. Never rejects. */
  backlog(topic: string, sinceId: string): Promise<BacklogResult>
  /** The topic's last id, `'0'` when it has none (or when the bus cannot tell right now). */
  currentId(topic: string): Promise<string>
  /** Registers a subscriber; returns the function that removes it. */
  subscribe(subscriber: BusSubscriber): () => void
  /** True when the bus can publish and deliver right now. */
  isReady(): Promise<boolean>
  /** Resolves true once the bus is ready, or false after `timeoutMs`. */
  waitUntilReady(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

/** Messages kept per topic for catch-up. */
export const DEFAULT_BACKLOG_SIZE = 200
/** How long a topic's backlog outlives its last event. */
export const DEFAULT_BACKLOG_TTL_SECONDS = 3600

const noopLogger: LiveLogger = { debug() {}, info() {}, warn() {}, error() {} }

/** The event frame split around its id, so the id can be filled in where it is assigned. */
export function eventFrameParts(topic: string, event: string, data: unknown): [head: string, tail: string] {
  return [
    `{"type":"event","topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"id":"`,
    `","data":${JSON.stringify(data ?? null)}}`,
  ]
}

/** The frame that tells a client to refetch a topic. */
export function resetFrame(topic: string): string {
  return `{"type":"reset","topic":${JSON.stringify(topic)}}`
}

const ID_PATTERN = /^(0|[1-9][0-9]{0,14})$/

/** Parses an id sent by a client; null when it is not one. */
export function parseEventId(id: string): number | null {
  return ID_PATTERN.test(id) ? Number(id) : null
}

// ---------------------------------------------------------------------------------------------
// In-memory bus (single instance)
// ---------------------------------------------------------------------------------------------

/** Options of `createMemoryBus`; the defaults suit production. */
export interface MemoryBusOptions {
  backlogSize?: number
  backlogTtlSeconds?: number
  /** Clock in ms, replaceable in tests. */
  now?: () => number
  logger?: LiveLogger
}

interface MemoryTopic {
  /** The first id of this counter (a millisecond timestamp). */
  base: number
  lastId: number
  lastPublishAt: number
  entries: Array<{ message: BusMessage; id: number; at: number }>
}

/** A bus for one process: ids, backlogs and delivery in memory. Delivery is synchronous. */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  const backlogSize = options.backlogSize ?? DEFAULT_BACKLOG_SIZE
  const ttlMs = (options.backlogTtlSeconds ?? DEFAULT_BACKLOG_TTL_SECONDS) * 1000
  const now = options.now ?? Date.now
  const log = options.logger ?? noopLogger
  const topics = new Map<string, MemoryTopic>()
  const subscribers = new Set<BusSubscriber>()
  // Counters of forgotten topics restart above every id handed out before, whatever the clock says.
  let highestId = 0

  function prune(state: MemoryTopic, at: number): void {
    let expired = 0
    while (expired < state.entries.length && (state.entries[expired]?.at ?? at) <= at - ttlMs) expired += 1
    if (expired > 0) state.entries.splice(0, expired)
  }

  // Idle topics are forgotten entirely, so memory stays bounded by the recently active topics.
  const sweep = setInterval(
    () => {
      const at = now()
      for (const [topic, state] of topics) {
        prune(state, at)
        if (state.entries.length === 0 && state.lastPublishAt <= at - ttlMs) topics.delete(topic)
      }
    },
    Math.min(ttlMs, 60_000),
  )
  sweep.unref()

  const bus: Bus = {
    kind: 'memory',

    async publish(topic, event, data) {
      const at = now()
      let state = topics.get(topic)
      if (!state) {
        const base = Math.max(Math.floor(at), highestId + 1)
        state = { base, lastId: base - 1, lastPublishAt: at, entries: [] }
        topics.set(topic, state)
      }
      const id = state.lastId + 1
      state.lastId = id
      state.lastPublishAt = at
      highestId = Math.max(highestId, id)
      const [head, tail] = eventFrameParts(topic, event, data)
      const message: BusMessage = { topic, id: String(id), event, frame: `${head}${id}${tail}` }
      state.entries.push({ message, id, at })
      if (state.entries.length > backlogSize) state.entries.shift()
      prune(state, at)
      for (const subscriber of subscribers) {
        try {
          subscriber.message(message)
        } catch (error) {
          log.error({ err: error, topic }, 'live subscriber failed on a message')
        }
      }
      return message.id
    },

    async backlog(topic, sinceId) {
      const since = parseEventId(sinceId)
      const state = topics.get(topic)
      if (since === null) return { kind: 'reset' }
      if (!state) return since === 0 ? { kind: 'replay', messages: [] } : { kind: 'reset' }
      prune(state, now())
      return sliceBacklog(state.entries, since, state.lastId, state.base)
    },

    async currentId(topic) {
      const state = topics.get(topic)
      return state ? String(state.lastId) : '0'
    },

    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => {
        subscribers.delete(subscriber)
      }
    },

    async isReady() {
      return true
    },

    async waitUntilReady() {
      return true
    },

    async close() {
      clearInterval(sweep)
      subscribers.clear()
    },
  }
  return bus
}

/**
 * The replay for a client at `since`, from a topic's kept entries (contiguous ids ending at
 * `lastId`); `reset` when some message after `since` is no longer kept or `since` is not from this
 * counter. `since` 0 means "before the counter existed", so everything from `base` on is due.
 */
function sliceBacklog(
  entries: ReadonlyArray<{ message: BusMessage; id: number }>,
  since: number,
  lastId: number,
  base: number,
): BacklogResult {
  if (since > lastId) return { kind: 'reset' }
  if (since === lastId) return { kind: 'replay', messages: [] }
  const firstDue = since === 0 ? base : since + 1
  const first = entries[0]
  if (!first || first.id > firstDue || firstDue < base) return { kind: 'reset' }
  return { kind: 'replay', messages: entries.slice(firstDue - first.id).map((entry) => entry.message) }
}

// ---------------------------------------------------------------------------------------------
// Redis bus (any number of instances)
// ---------------------------------------------------------------------------------------------

/** Options of `createRedisBus`; the defaults suit production. */
export interface RedisBusOptions {
  /** Prefix of every key and of the channel, e.g. `bashboard:` (tests use a unique one per run). */
  prefix?: string
  backlogSize?: number
  backlogTtlSeconds?: number
  /** A publish that takes longer is reported as failed (it never blocks the request longer). */
  publishTimeoutMs?: number
  /** Upper bound for every other command. */
  commandTimeoutMs?: number
  logger?: LiveLogger
}

/*
 * Publishing is one script, so that the id, the backlog entry and the pub/sub message are one atomic
 * step: every instance sees a topic's messages in id order and the backlog's ids are contiguous. A new
 * counter starts at Redis' clock in ms (and clears any stale log), so ids never repeat across epochs.
 * KEYS: seq, base, log. ARGV: topic, event ('' for a reset marker), frame head, frame tail (the id goes
 * between them; a reset marker passes its whole frame as head and a flag), backlog size, TTL, channel.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
if id == 1 then
  local t = redis.call('TIME')
  id = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('SET', KEYS[1], string.format('%d', id))
  redis.call('SET', KEYS[2], string.format('%d', id))
  redis.call('DEL', KEYS[3])
end
local sid = string.format('%d', id)
local frame = ARGV[3]
if ARGV[8] == '1' then frame = ARGV[3] .. sid .. ARGV[4] end
local entry = ARGV[1] .. '\\n' .. sid .. '\\n' .. ARGV[2] .. '\\n' .. frame
redis.call('RPUSH', KEYS[3], entry)
redis.call('LTRIM', KEYS[3], -tonumber(ARGV[5]), -1)
local ttl = tonumber(ARGV[6])
redis.call('EXPIRE', KEYS[3], ttl)
redis.call('EXPIRE', KEYS[1], ttl * 24)
redis.call('EXPIRE', KEYS[2], ttl * 24)
redis.call('PUBLISH', ARGV[7], entry)
return sid
`

/*
 * The backlog after ARGV[1], read atomically. Returns {lastId, 'ok', entries...} or {lastId, 'reset'}.
 * Entries are contiguous and end at lastId, so "how many are due" decides whether they are all kept.
 */
const BACKLOG_SCRIPT = `
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local since = tonumber(ARGV[1])
local slast = string.format('%d', last)
if since > last then return {slast, 'reset'} end
if since == last then return {slast, 'ok'} end
local due
if since == 0 then
  due = last - tonumber(redis.call('GET', KEYS[2]) or '0') + 1
else
  due = last - since
end
if due > redis.call('LLEN', KEYS[3]) then return {slast, 'reset'} end
local entries = redis.call('LRANGE', KEYS[3], -due, -1)
return {slast, 'ok', unpack(entries)}
`

declare module 'ioredis' {
  interface RedisCommander<Context> {
    bashboardLivePublish(
      seqKey: string,
      baseKey: string,
      logKey: string,
      topic: string,
      event: string,
      head: string,
      tail: string,
      backlogSize: number,
      ttlSeconds: number,
      channel: string,
      withId: '0' | '1',
    ): Result<string, Context>
    bashboardLiveBacklog(
      seqKey: string,
      baseKey: string,
      logKey: string,
      since: string,
    ): Result<string[], Context>
  }
}

/** Parses `topic\nid\nevent\nframe` (frames are JSON, which never holds a raw newline). */
function parseEntry(entry: string): BusMessage | null {
  const a = entry.indexOf('\n')
  const b = entry.indexOf('\n', a + 1)
  const c = entry.indexOf('\n', b + 1)
  if (a < 0 || b < 0 || c < 0) return null
  const event = entry.slice(b + 1, c)
  return {
    topic: entry.slice(0, a),
    id: entry.slice(a + 1, b),
    event: event === '' ? null : event,
    frame: entry.slice(c + 1),
  }
}

/** Rejects with `message` when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    // Rejecting from setImmediate lets a reply that already arrived win: after the event loop was
    // blocked (a long fan-out), timers run before pending I/O is read, and a plain reject would call
    // a delivered publish "timed out" and trigger a needless reset for every subscriber.
    timer = setTimeout(() => setImmediate(() => reject(new Error(message))), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Most topics remembered for reset markers while Redis is unreachable. */
const MAX_DROPPED_TOPICS = 10_000

/**
 * A bus shared through Redis. Two connections: one for commands (no offline queue, so every command
 * fails at once while Redis is away), one for the pub/sub subscription (re-subscribed on every
 * reconnect, after which subscribers are told to catch up). Reconnects are retried at least every
 * second, so delivery resumes within about a second of Redis answering again.
 *
 * Events that could not be published leave their topic in a "dropped" set; once Redis answers, a reset
 * marker is published on each, so clients refetch what they never heard about.
 */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? 'bashboard:'
  const backlogSize = options.backlogSize ?? DEFAULT_BACKLOG_SIZE
  const ttlSeconds = options.backlogTtlSeconds ?? DEFAULT_BACKLOG_TTL_SECONDS
  const publishTimeoutMs = options.publishTimeoutMs ?? 500
  const commandTimeoutMs = options.commandTimeoutMs ?? 2000
  const log = options.logger ?? noopLogger
  const channel = `${prefix}live:events`
  const keys = (topic: string): [seq: string, base: string, log: string] => [
    `${prefix}live:seq:${topic}`,
    `${prefix}live:base:${topic}`,
    `${prefix}live:log:${topic}`,
  ]

  const common = {
    connectTimeout: 2000,
    // Never give up, and never wait more than a second between attempts.
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
    keepAlive: 10_000,
    lazyConnect: false,
  }
  const commands = new Redis(url, {
    ...common,
    connectionName: `${prefix}live-commands`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: commandTimeoutMs,
  })
  const subscription = new Redis(url, {
    ...common,
    connectionName: `${prefix}live-subscription`,
    // Re-subscribing is done by hand on 'ready', so catch-up starts only once the subscription holds.
    autoResubscribe: false,
    maxRetriesPerRequest: null,
  })
  commands.defineCommand('bashboardLivePublish', { numberOfKeys: 3, lua: PUBLISH_SCRIPT })
  commands.defineCommand('bashboardLiveBacklog', { numberOfKeys: 3, lua: BACKLOG_SCRIPT, readOnly: true })

  const subscribers = new Set<BusSubscriber>()
  const dropped = new Set<string>()
  let subscribed = false
  let everSubscribed = false
  let closed = false
  let flushing = false

  // One warning per outage and connection, not one per retry.
  const reportErrors = (name: string, client: Redis): void => {
    let warned = false
    client.on('error', (error: Error) => {
      if (!warned)
        log.warn({ err: error, connection: name }, 'redis connection failed; live events are not delivered')
      warned = true
    })
    client.on('ready', () => {
      if (warned) log.info({ connection: name }, 'redis connection is back')
      warned = false
    })
  }
  reportErrors('commands', commands)
  reportErrors('subscription', subscription)

  subscription.on('close', () => {
    subscribed = false
  })
  // Catch-up reads the backlog over the command connection, so it waits until that one is back too.
  let resumePending = false
  const resume = (): void => {
    if (commands.status !== 'ready') {
      resumePending = true
      return
    }
    resumePending = false
    for (const subscriber of subscribers) subscriber.resumed()
  }
  commands.on('ready', () => {
    if (resumePending && subscribed) resume()
  })
  subscription.on('ready', () => {
    subscription.subscribe(channel).then(
      () => {
        if (closed) return
        subscribed = true
        if (everSubscribed) resume()
        everSubscribed = true
      },
      (error: unknown) => log.warn({ err: error }, 'redis subscribe failed; retrying on the next reconnect'),
    )
  })
  subscription.on('message', (from: string, entry: string) => {
    if (from !== channel) return
    const message = parseEntry(entry)
    if (!message) {
      log.warn({ entry: entry.slice(0, 200) }, 'ignoring a malformed live message')
      return
    }
    for (const subscriber of subscribers) {
      try {
        subscriber.message(message)
      } catch (error) {
        log.error({ err: error, topic: message.topic }, 'live subscriber failed on a message')
      }
    }
  })

  function append(
    topic: string,
    event: string,
    head: string,
    tail: string,
    withId: '0' | '1',
  ): Promise<string> {
    const [seqKey, baseKey, logKey] = keys(topic)
    return withTimeout(
      commands.bashboardLivePublish(
        seqKey,
        baseKey,
        logKey,
        topic,
        event,
        head,
        tail,
        backlogSize,
        ttlSeconds,
        channel,
        withId,
      ),
      publishTimeoutMs,
      `publish timed out after ${publishTimeoutMs} ms`,
    )
  }

  /** Publishes a reset marker on every topic whose events were dropped; stops at the first failure. */
  async function flushDropped(): Promise<void> {
    if (flushing || dropped.size === 0 || commands.status !== 'ready') return
    flushing = true
    try {
      for (const topic of [...dropped]) {
        await append(topic, '', resetFrame(topic), '', '0')
        dropped.delete(topic)
      }
      log.info({}, 'published reset markers for live events dropped while redis was unreachable')
    } catch (error) {
      log.debug({ err: error }, 'reset markers not published yet')
    } finally {
      flushing = false
    }
  }
  commands.on('ready', () => void flushDropped())
  // A hanging Redis times commands out without any reconnect, so the retry cannot rely on 'ready'.
  const flushTimer = setInterval(() => void flushDropped(), 1000)
  flushTimer.unref()

  const bus: Bus = {
    kind: 'redis',

    async publish(topic, event, data) {
      const [head, tail] = eventFrameParts(topic, event, data)
      try {
        return await append(topic, event, head, tail, '1')
      } catch (error) {
        if (dropped.size < MAX_DROPPED_TOPICS) dropped.add(topic)
        else
          log.error(
            { topic },
            'too many topics with dropped live events; clients will not be told to refetch',
          )
        throw error
      }
    },

    async backlog(topic, sinceId) {
      if (parseEventId(sinceId) === null) return { kind: 'reset' }
      const [seqKey, baseKey, logKey] = keys(topic)
      try {
        const [, status, ...entries] = await commands.bashboardLiveBacklog(seqKey, baseKey, logKey, sinceId)
        if (status !== 'ok') return { kind: 'reset' }
        const messages: BusMessage[] = []
        let expected = sinceId === '0' ? null : Number(sinceId) + 1
        for (const entry of entries) {
          const message = parseEntry(entry)
          // Contiguity is what makes a replay complete; anything else is treated as lost.
          if (!message || (expected !== null && Number(message.id) !== expected)) return { kind: 'reset' }
          expected = Number(message.id) + 1
          messages.push(message)
        }
        return { kind: 'replay', messages }
      } catch (error) {
        log.warn({ err: error, topic }, 'live backlog unavailable; the client will refetch')
        return { kind: 'reset' }
      }
    },

    async currentId(topic) {
      try {
        return (await commands.get(keys(topic)[0])) ?? '0'
      } catch (error) {
        log.warn({ err: error, topic }, 'live id unavailable')
        return '0'
      }
    },

    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => {
        subscribers.delete(subscriber)
      }
    },

    async isReady() {
      if (commands.status !== 'ready' || !subscribed) return false
      try {
        return (await withTimeout(commands.ping(), publishTimeoutMs, 'ping timed out')) === 'PONG'
      } catch {
        return false
      }
    },

    waitUntilReady(timeoutMs) {
      return pollUntil(
        () => commands.status === 'ready' && subscribed,
        () => closed,
        timeoutMs,
      )
    },

    async close() {
      if (closed) return
      closed = true
      clearInterval(flushTimer)
      subscribers.clear()
      await Promise.all([
        commands.quit().catch(() => commands.disconnect()),
        subscription.quit().catch(() => subscription.disconnect()),
      ])
    },
  }
  return bus
}
