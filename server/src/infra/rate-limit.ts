import { createRequire } from 'node:module'
import fastifyRateLimit, {
  type CreateRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { TooManyRequestsError, tooManyAttemptsMessage } from '../lib/errors.ts'

/**
 * Counts failed logins per account (lower-cased emailOrUsername), shared across instances via Redis,
 * so that guessing is slow but a stranger cannot lock the owner out:
 * - each network (IPv4 /24, IPv6 /64) gets the account's hourly budget of failures on its own, so
 *   failures from the attacker's addresses never use up the owner's;
 * - past {@link ACCOUNT_WIDE_FACTOR} times that budget from all networks together (a guess spread over
 *   many networks), the account only accepts attempts from networks it has signed in from before;
 *   the owner's usual address still gets through.
 */
export interface LoginFailureGuard {
  /** Throws 429 when this network, or (past the account-wide budget) any unknown network, is spent. */
  assertAllowed(request: FastifyRequest, subject: FailureSubject): Promise<void>
  /** Records one failed login against the account, from the request's network. */
  recordFailure(request: FastifyRequest, subject: FailureSubject): Promise<void>
  /** Remembers the request's network as one the account signs in from. */
  recordSuccess(request: FastifyRequest, subject: FailureSubject): Promise<void>
}

/**
 * What a failure guard counts: sign-ins to an account name as typed (trimmed, lower-cased), the
 * current-password checks of a signed-in user's password change, or the second-factor codes of one
 * member (at sign-in and when changing the second factor: modules/second-factor). Each has counters
 * of its own, so no name typed at login can spend a password change's budget or another account's.
 */
export type FailureSubject =
  | { kind: 'login'; account: string }
  | { kind: 'password-change'; userId: string }
  | { kind: 'second-factor'; userId: string }

/** Failures from all networks together, in multiples of the per-network budget, before unknown networks wait. */
export const ACCOUNT_WIDE_FACTOR = 5
/** How long a network an account signed in from stays known. */
const KNOWN_NETWORK_MS = 30 * 24 * 60 * 60 * 1000

/**
 * The network a client address belongs to, for failure counting: its /24 for IPv4 (IPv4-mapped IPv6
 * included), its /64 for IPv6. Rotating addresses within one network gains an attacker nothing.
 */
export function networkOf(ip: string): string {
  const v4 = ip.match(/^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (!ip.includes(':')) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === '' ? [] : tail.split(':')
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`
}

/**
 * The address a per-client limit counts: an IPv4 address (IPv4-mapped IPv6 included) as it is, an IPv6
 * address as its /64, which one client holds whole (as @fastify/rate-limit's own default key does).
 */
export function clientAddressOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  return ip.includes(':') ? networkOf(ip) : ip.toLowerCase()
}

// A value's `%` and `:` percent-encoded, so it can never hold the separator of the parts.
const encodeKeyPart = (value: string) => value.replace(/[%:]/g, (char) => (char === '%' ? '%25' : '%3A'))

/**
 * A rate-limit counter's key from named parts: `kind:name:value:name:value…` (`login:ip:10.0.0.7`,
 * `login-failures:account:alice:network:10.0.0.0/24`). Values are encoded ({@link encodeKeyPart}), so
 * keys are distinct by construction: an account typed as `alice:network:10.0.0.0/24` is not alice
 * from that network. In Redis the key follows `REDIS_KEY_PREFIX` and `rate-limit:`.
 */
export function rateLimitKey(kind: string, parts: Readonly<Record<string, string>>): string {
  return [kind, ...Object.entries(parts).flatMap(([name, value]) => [name, encodeKeyPart(value)])].join(':')
}

/** The keys of a failure guard's three counters for a subject and a client network. */
export function failureKeys(
  subject: FailureSubject,
  network: string,
): { perNetwork: string; everywhere: string; known: string } {
  const [prefix, who] =
    subject.kind === 'login'
      ? (['login', { account: subject.account.trim().toLowerCase() }] as const)
      : ([subject.kind, { user: subject.userId }] as const)
  return {
    perNetwork: rateLimitKey(`${prefix}-failures`, { ...who, network }),
    everywhere: rateLimitKey(`${prefix}-failures`, who),
    known: rateLimitKey(`${prefix}-known`, { ...who, network }),
  }
}

/** Counts the requests made with each personal access token, shared across instances via Redis. */
export interface TokenRequestLimit {
  /** Counts one request made with the token; throws 429 once it has used its budget for the minute. */
  consume(request: FastifyRequest, tokenId: string): Promise<void>
}

/** Counts the plain-text pages (`/tar`, `/~words`…) each client IP reads, shared across instances via Redis. */
export interface TerminalRequestLimit {
  /** Counts one request; throws 429 once the address has used its budget for the minute. */
  consume(request: FastifyRequest): Promise<void>
}

/**
 * Mail a stranger can trigger (a reset link, a verification link), counted per address or member
 * whoever asks, so nobody can flood one inbox from many networks.
 */
export interface MailRequestLimit {
  /** Counts one mail for `recipient`; throws 429 once it has had its hourly budget. */
  consume(request: FastifyRequest, recipient: string): Promise<void>
}

/** Mails a stranger can trigger, per recipient per hour. */
export const MAIL_PER_RECIPIENT_PER_HOUR = 3
/** Requests that may mail (forgot password, resend verification), per client address per 15 minutes. */
export const MAIL_REQUESTS_PER_ADDRESS = 10

/** Plain-text pages per client IP per minute when RATE_LIMIT_TERMINAL_PER_MINUTE is unset. */
export const TERMINAL_PER_MINUTE = 120

/** Route-level limits, used as `config: { rateLimit: app.rateLimits.login }`. */
export interface RouteRateLimits {
  /** Every login attempt, per client IP. */
  login: RateLimitOptions
  /** Every signup attempt, per client IP. */
  signup: RateLimitOptions
  /** Every request that may send a mail to someone, per client IP. */
  mailRequest: RateLimitOptions
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RouteRateLimits
    loginFailures: LoginFailureGuard
    mailRequests: MailRequestLimit
    tokenRequests: TokenRequestLimit
    terminalRequests: TerminalRequestLimit
  }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function tooMany(ttlMs: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  return new TooManyRequestsError(tooManyAttemptsMessage(seconds), seconds)
}

/** The part of @fastify/rate-limit's Redis store used here (store/RedisStore.js: its Lua scripts). */
type LibraryRedisStore = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] }
type LibraryRedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => LibraryRedisStore
const LibraryRedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore',
) as LibraryRedisStoreCtor

/**
 * The library's Redis store with the keys as given. Its own `child()` prefixes each limit's keys with
 * the route's method and URL, which `createRateLimit` limiters have none of: their keys read
 * `…undefinedundefined-…` and stayed apart only by what followed. Every key here is named whole
 * ({@link rateLimitKey}), route limits included, so the prefix is the namespace alone.
 */
function namedKeyRedisStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin hands stores its merged limit options (typed loosely there); two flags matter here.
  const flag = (options: object, name: 'continueExceeding' | 'exponentialBackoff') =>
    (options as Partial<Record<typeof name, unknown>>)[name] === true
  return class NamedKeyRedisStore {
    readonly store: LibraryRedisStore
    constructor(options: object) {
      this.store = new LibraryRedisStore(
        flag(options, 'continueExceeding'),
        flag(options, 'exponentialBackoff'),
        redis,
        nameSpace,
      )
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.store.incr(...args)
    }
    read(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.store.read(...args)
    }
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new NamedKeyRedisStore(options)
    }
  }
}

/**
 * Rate limits: login 10/min per IP, 20 failures/hour per account and network (see LoginFailureGuard),
 * signup per IP, and
 * requests per personal access token per minute. Counters
 * live in memory, or in Redis when REDIS_URL is set so every instance sees the same counts. Keys use
 * `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY is on. If Redis fails, requests
 * are let through rather than blocked: the limit is a brake, not a dependency.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts
    let redis: Redis | undefined
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, {
        // Fail fast instead of queueing while Redis is away, so a login never waits on it.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        commandTimeout: 500,
        connectTimeout: 2000,
      })
      let warned = false
      redis.on('error', (error: Error) => {
        if (!warned) app.log.warn({ err: error }, 'rate-limit redis unavailable; limits are not enforced')
        warned = true
      })
      redis.on('ready', () => {
        warned = false
      })
      const client = redis
      app.addHook('onClose', async () => {
        client.disconnect()
      })
    }

    const nameSpace = `${config.redisKeyPrefix}rate-limit:`
    await app.register(fastifyRateLimit, {
      global: false,
      skipOnError: true,
      cache: 10_000,
      nameSpace,
      // In memory each limit keeps its own map; in Redis they share the namespace, keys named whole.
      ...(redis ? { redis, store: namedKeyRedisStore(redis, nameSpace) } : {}),
      // A route limit that names no key of its own counts per route and client address.
      keyGenerator: (request) =>
        rateLimitKey('route', {
          method: request.method,
          url: request.routeOptions.url ?? '',
          ip: clientAddressOf(request.ip),
        }),
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    })

    app.decorate('rateLimits', {
      login: {
        max: config.rateLimit.loginPerMinute,
        timeWindow: MINUTE,
        keyGenerator: (request) => rateLimitKey('login', { ip: clientAddressOf(request.ip) }),
      },
      signup: {
        max: config.rateLimit.signupPerMinute,
        timeWindow: MINUTE,
        keyGenerator: (request) => rateLimitKey('signup', { ip: clientAddressOf(request.ip) }),
      },
      mailRequest: {
        max: MAIL_REQUESTS_PER_ADDRESS,
        timeWindow: 15 * MINUTE,
        keyGenerator: (request) => rateLimitKey('mail-request', { ip: clientAddressOf(request.ip) }),
      },
    })

    /**
     * A limit counting under the key its caller names: `createRateLimit` asks its key generator for the
     * request's key, so the key is handed over per request (and read before the limiter's first await).
     */
    const keyedLimit = (options: Omit<CreateRateLimitOptions, 'keyGenerator'>) => {
      const keys = new WeakMap<FastifyRequest, string>()
      const limit = app.createRateLimit({
        ...options,
        keyGenerator: (request) => {
          const key = keys.get(request)
          if (key === undefined) throw new Error('rate limit called without its key')
          return key
        },
      })
      return (request: FastifyRequest, key: string, callOptions?: { increment: boolean }) => {
        keys.set(request, key)
        return limit(request, callOptions)
      }
    }

    const perNetwork = keyedLimit({ max: config.rateLimit.accountFailuresPerHour, timeWindow: HOUR })
    const accountWide = keyedLimit({
      max: config.rateLimit.accountFailuresPerHour * ACCOUNT_WIDE_FACTOR,
      timeWindow: HOUR,
    })
    // A counter used as a flag: above zero once the account signed in from the network.
    const knownNetworks = keyedLimit({ max: Number.MAX_SAFE_INTEGER, timeWindow: KNOWN_NETWORK_MS })
    const keysOf = (request: FastifyRequest, subject: FailureSubject) =>
      failureKeys(subject, networkOf(request.ip))
    // `isAllowed` means "on the allow list" (never here); the counts are on the other variant.
    type LimitState = Awaited<ReturnType<typeof perNetwork>>
    const spent = (state: LimitState) => !state.isAllowed && state.remaining <= 0
    const ttlOf = (state: LimitState) => (state.isAllowed ? 0 : state.ttl)
    const peek = { increment: false }

    app.decorate('loginFailures', {
      async assertAllowed(request, subject) {
        const keys = keysOf(request, subject)
        const network = await perNetwork(request, keys.perNetwork, peek)
        if (spent(network)) throw tooMany(ttlOf(network))
        const everywhere = await accountWide(request, keys.everywhere, peek)
        if (!spent(everywhere)) return
        const known = await knownNetworks(request, keys.known, peek)
        const signedInHereBefore = !known.isAllowed && known.remaining < known.max
        if (!signedInHereBefore) throw tooMany(ttlOf(everywhere))
      },
      async recordFailure(request, subject) {
        const keys = keysOf(request, subject)
        await Promise.all([perNetwork(request, keys.perNetwork), accountWide(request, keys.everywhere)])
      },
      async recordSuccess(request, subject) {
        await knownNetworks(request, keysOf(request, subject).known)
      },
    } satisfies LoginFailureGuard)

    const mailLimit = keyedLimit({ max: MAIL_PER_RECIPIENT_PER_HOUR, timeWindow: HOUR })
    app.decorate('mailRequests', {
      async consume(request, recipient) {
        const state = await mailLimit(request, rateLimitKey('mail', { to: recipient.trim().toLowerCase() }))
        if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl)
      },
    } satisfies MailRequestLimit)

    // Personal access tokens: a budget per token, whichever address its script runs from. The key
    // is the token's id, never the secret.
    const tokenLimit = keyedLimit({ max: config.rateLimit.tokenPerMinute, timeWindow: MINUTE })
    app.decorate('tokenRequests', {
      async consume(request, tokenId) {
        let state: Awaited<ReturnType<typeof tokenLimit>>
        try {
          state = await tokenLimit(request, rateLimitKey('token', { id: tokenId }))
        } catch (error) {
          // As for the route limits: a store that fails lets the request through.
          request.log.warn({ err: error }, 'token rate limit unavailable; request let through')
          return
        }
        if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl)
      },
    } satisfies TokenRequestLimit)

    // The text interface for curl: one budget per address across all its pages, so a script looping
    // over programs is slowed down whichever page it reads. Browsers opening the same URLs are not
    // counted (the terminal module only consumes for text and JSON answers).
    const terminalLimit = keyedLimit({
      max: config.rateLimit.terminalPerMinute ?? TERMINAL_PER_MINUTE,
      timeWindow: MINUTE,
    })
    app.decorate('terminalRequests', {
      async consume(request) {
        let state: Awaited<ReturnType<typeof terminalLimit>>
        try {
          state = await terminalLimit(request, rateLimitKey('terminal', { ip: clientAddressOf(request.ip) }))
        } catch (error) {
          request.log.warn({ err: error }, 'terminal rate limit unavailable; request let through')
          return
        }
        if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl)
      },
    } satisfies TerminalRequestLimit)
  },
  { name: 'bashboard-rate-limit' },
)
