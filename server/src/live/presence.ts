import { randomUUID } from 'node:crypto'
import { Redis, type Result } from 'ioredis'
import { pollUntil } from '../lib/time.ts'
import type { LiveLogger } from './bus.ts'

/**
 * Presence: how many live sockets are open, on this instance and on every instance sharing Redis (the
 * moderation console's "connected now"). Apart from delivery on purpose: the bus and the hub move
 * events and never need the count, and the count never needs an event.
 *
 * `createPresence` counts the sockets the `/ws` route accepts and reports the count to a
 * {@link PresenceStore} within a second of a change and every few seconds besides. The store is where
 * instances meet: `createMemoryPresenceStore` (one process: its count is the whole count) or
 * `createRedisPresenceStore` (a hash with one field per instance, see README.md#presence).
 */

/** An instance's report older than this is left out of the total (its instance is gone). */
export const PRESENCE_TTL_SECONDS = 15
/** A changed socket count is reported to the other instances at most this often. */
const PRESENCE_THROTTLE_MS = 1000

/** Where the instances' socket counts meet. Never rejects. */
export interface PresenceStore {
  readonly kind: 'memory' | 'redis'
  /** Tells the other instances how many sockets this one holds. */
  report(count: number): Promise<void>
  /**
   * `local` (this instance's own count, exact) plus what each other instance last reported within
   * {@link PRESENCE_TTL_SECONDS}; `local` alone when the store cannot tell.
   */
  total(local: number): Promise<number>
  /** Withdraws this instance's report at once (rather than letting it go stale) and disconnects. */
  close(): Promise<void>
}

/** What presence needs of a socket: to learn when it closes (a ws WebSocket). */
export interface PresenceSocket {
  once(event: 'close', listener: () => void): unknown
}

/** The sockets of this instance, counted for every instance. */
export interface Presence {
  /** Counts `socket` from now until it closes. */
  track(socket: PresenceSocket): void
  /** Sockets open on this instance right now. */
  localCount(): number
  /**
   * Sockets open on every instance right now: this one's exactly, the others' as they reported them
   * within the last second or so. Never rejects.
   */
  connectedTotal(): Promise<number>
  /** Stops reporting and closes the store. */
  close(): Promise<void>
}

/** Options of `createPresence`. */
export interface PresenceOptions {
  store: PresenceStore
  /** Report the count this often, changed or not (default 5 s). */
  reportMs?: number
}

/** Counts this instance's sockets and keeps the store's report of them fresh. */
export function createPresence(options: PresenceOptions): Presence {
  const { store } = options
  const reportMs = options.reportMs ?? 5000
  const open = new Set<PresenceSocket>()
  let closed = false

  const report = (): void => {
    void store.report(open.size)
  }
  let throttle: NodeJS.Timeout | undefined
  /** Reports a changed count within a second; a thousand sockets connecting cost one report. */
  function changed(): void {
    if (throttle || closed) return
    throttle = setTimeout(() => {
      throttle = undefined
      report()
    }, PRESENCE_THROTTLE_MS)
    throttle.unref()
  }
  // Unchanged counts are reported too: a report that stops coming means its instance is gone.
  const periodic = setInterval(report, reportMs)
  periodic.unref()

  return {
    track(socket) {
      if (open.has(socket)) return
      open.add(socket)
      changed()
      socket.once('close', () => {
        if (open.delete(socket)) changed()
      })
    },

    localCount: () => open.size,

    connectedTotal: () => store.total(open.size),

    async close() {
      if (closed) return
      closed = true
      clearInterval(periodic)
      clearTimeout(throttle)
      await store.close()
    },
  }
}

/** One process: its own count is the whole count. */
export function createMemoryPresenceStore(): PresenceStore {
  return {
    kind: 'memory',
    async report() {},
    async total(local) {
      return local
    },
    async close() {},
  }
}

/*
 * Reports: one hash field per instance, `<count>:<Redis time in s>`. Redis' clock stamps both the
 * report and the read, so instances on machines whose clocks disagree still agree on age.
 * KEYS: the hash. ARGV: instance id, count, key TTL.
 */
const REPORT_CONNECTIONS_SCRIPT = `
local now = redis.call('TIME')[1]
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. now)
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`

/*
 * The other instances' sockets: the sum of every fresh report but the caller's own (ARGV[1]); stale
 * reports (older than ARGV[2] seconds) are deleted on the way.
 */
const COUNT_CONNECTIONS_SCRIPT = `
local now = tonumber(redis.call('TIME')[1])
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  local count, at = string.match(fields[i + 1], '^(%d+):(%d+)$')
  if not count or now - tonumber(at) > tonumber(ARGV[2]) then
    redis.call('HDEL', KEYS[1], fields[i])
  elseif fields[i] ~= ARGV[1] then
    total = total + tonumber(count)
  end
end
return total
`

declare module 'ioredis' {
  interface RedisCommander<Context> {
    bashboardLiveReportConnections(
      key: string,
      instance: string,
      count: number,
      ttlSeconds: number,
    ): Result<number, Context>
    bashboardLiveCountConnections(
      key: string,
      instance: string,
      maxAgeSeconds: number,
    ): Result<number, Context>
  }
}

/** Options of `createRedisPresenceStore`; the defaults suit production. */
export interface RedisPresenceOptions {
  /** Prefix of the hash's key, the same as the bus's (e.g. `bashboard:`). */
  prefix?: string
  /** Upper bound for every command. */
  commandTimeoutMs?: number
  logger?: LiveLogger
}

const noopLogger: LiveLogger = { debug() {}, info() {}, warn() {}, error() {} }

/** The Redis store, which can also say when its connection is up. */
export interface RedisPresenceStore extends PresenceStore {
  /** Resolves true once connected, or false after `timeoutMs` (reports fail until then). */
  waitUntilReady(timeoutMs: number): Promise<boolean>
}

/**
 * The store shared through Redis: the hash `{prefix}live:connections`, one field per instance. Its own
 * connection, set up like the bus's command connection: no offline queue (a command fails at once
 * while Redis is away) and reconnects at least every second, forever.
 */
export function createRedisPresenceStore(
  url: string,
  options: RedisPresenceOptions = {},
): RedisPresenceStore {
  const prefix = options.prefix ?? 'bashboard:'
  const log = options.logger ?? noopLogger
  const key = `${prefix}live:connections`
  // This process's field in the hash.
  const instanceId = randomUUID()
  const redis = new Redis(url, {
    connectTimeout: 2000,
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
    keepAlive: 10_000,
    connectionName: `${prefix}live-presence`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: options.commandTimeoutMs ?? 2000,
  })
  // The bus's connections already warn when Redis is away; a count that can't be read warns below.
  redis.on('error', (error: Error) =>
    log.debug({ err: error, connection: 'presence' }, 'redis connection failed'),
  )
  redis.defineCommand('bashboardLiveReportConnections', { numberOfKeys: 1, lua: REPORT_CONNECTIONS_SCRIPT })
  redis.defineCommand('bashboardLiveCountConnections', { numberOfKeys: 1, lua: COUNT_CONNECTIONS_SCRIPT })
  let closed = false

  return {
    kind: 'redis',

    async report(count) {
      if (closed) return
      try {
        // The key goes only once no instance has reported for a while (all of them are gone).
        await redis.bashboardLiveReportConnections(key, instanceId, count, PRESENCE_TTL_SECONDS * 4)
      } catch (error) {
        log.debug({ err: error }, 'connection count not reported')
      }
    },

    async total(local) {
      try {
        return local + (await redis.bashboardLiveCountConnections(key, instanceId, PRESENCE_TTL_SECONDS))
      } catch (error) {
        log.warn({ err: error }, 'other instances’ connection counts unavailable; counting this one only')
        return local
      }
    },

    waitUntilReady(timeoutMs) {
      return pollUntil(
        () => redis.status === 'ready',
        () => closed,
        timeoutMs,
      )
    },

    async close() {
      if (closed) return
      closed = true
      // Gone at once from the others' totals, rather than after the report goes stale.
      await redis.hdel(key, instanceId).catch(() => undefined)
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
