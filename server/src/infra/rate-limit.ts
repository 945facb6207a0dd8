import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
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
  assertAllowed(request: FastifyRequest, account: string): Promise<void>
  /** Records one failed login against the account, from the request's network. */
  recordFailure(request: FastifyRequest, account: string): Promise<void>
  /** Remembers the request's network as one the account signs in from. */
  recordSuccess(request: FastifyRequest, account: string): Promise<void>
}

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

/** Plain-text pages per client IP per minute when RATE_LIMIT_TERMINAL_PER_MINUTE is unset. */
export const TERMINAL_PER_MINUTE = 120

/** Route-level limits, used as `config: { rateLimit: app.rateLimits.login }`. */
export interface RouteRateLimits {
  /** Every login attempt, per client IP. */
  login: RateLimitOptions
  /** Every signup attempt, per client IP. */
  signup: RateLimitOptions
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RouteRateLimits
    loginFailures: LoginFailureGuard
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

    await app.register(fastifyRateLimit, {
      global: false,
      skipOnError: true,
      cache: 10_000,
      nameSpace: `${config.redisKeyPrefix}rate-limit:`,
      ...(redis ? { redis } : {}),
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    })

    app.decorate('rateLimits', {
      login: { max: config.rateLimit.loginPerMinute, timeWindow: MINUTE },
      signup: { max: config.rateLimit.signupPerMinute, timeWindow: MINUTE },
    })

    // The keys come from the parsed body and the client's network, so they are handed to the key
    // generators per request.
    const keys = new WeakMap<FastifyRequest, { account: string; network: string }>()
    const keysOf = (request: FastifyRequest) =>
      keys.get(request) ?? { account: `ip:${request.ip}`, network: '' }
    const perNetwork = app.createRateLimit({
      max: config.rateLimit.accountFailuresPerHour,
      timeWindow: HOUR,
      keyGenerator: (request) => `login-failure:${keysOf(request).account}@${keysOf(request).network}`,
    })
    const accountWide = app.createRateLimit({
      max: config.rateLimit.accountFailuresPerHour * ACCOUNT_WIDE_FACTOR,
      timeWindow: HOUR,
      keyGenerator: (request) => `login-failure:${keysOf(request).account}`,
    })
    // A counter used as a flag: above zero once the account signed in from the network.
    const knownNetworks = app.createRateLimit({
      max: Number.MAX_SAFE_INTEGER,
      timeWindow: KNOWN_NETWORK_MS,
      keyGenerator: (request) => `login-known:${keysOf(request).account}@${keysOf(request).network}`,
    })
    const remember = (request: FastifyRequest, account: string) =>
      keys.set(request, { account: account.trim().toLowerCase(), network: networkOf(request.ip) })
    // `isAllowed` means "on the allow list" (never here); the counts are on the other variant.
    type LimitState = Awaited<ReturnType<typeof perNetwork>>
    const spent = (state: LimitState) => !state.isAllowed && state.remaining <= 0
    const ttlOf = (state: LimitState) => (state.isAllowed ? 0 : state.ttl)

    app.decorate('loginFailures', {
      async assertAllowed(request, account) {
        remember(request, account)
        const network = await perNetwork(request, { increment: false })
        if (spent(network)) throw tooMany(ttlOf(network))
        const everywhere = await accountWide(request, { increment: false })
        if (!spent(everywhere)) return
        const known = await knownNetworks(request, { increment: false })
        const signedInHereBefore = !known.isAllowed && known.remaining < known.max
        if (!signedInHereBefore) throw tooMany(ttlOf(everywhere))
      },
      async recordFailure(request, account) {
        remember(request, account)
        await Promise.all([perNetwork(request), accountWide(request)])
      },
      async recordSuccess(request, account) {
        remember(request, account)
        await knownNetworks(request)
      },
    } satisfies LoginFailureGuard)

    // Personal access tokens: a budget per token, whichever address its script runs from. The key
    // is the token's id, never the secret.
    const tokenIds = new WeakMap<FastifyRequest, string>()
    const tokenLimit = app.createRateLimit({
      max: config.rateLimit.tokenPerMinute,
      timeWindow: MINUTE,
      keyGenerator: (request) => `token:${tokenIds.get(request) ?? request.ip}`,
    })
    app.decorate('tokenRequests', {
      async consume(request, tokenId) {
        tokenIds.set(request, tokenId)
        let state: Awaited<ReturnType<typeof tokenLimit>>
        try {
          state = await tokenLimit(request)
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
    const terminalLimit = app.createRateLimit({
      max: config.rateLimit.terminalPerMinute ?? TERMINAL_PER_MINUTE,
      timeWindow: MINUTE,
      keyGenerator: (request) => `terminal:${request.ip}`,
    })
    app.decorate('terminalRequests', {
      async consume(request) {
        let state: Awaited<ReturnType<typeof terminalLimit>>
        try {
          state = await terminalLimit(request)
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
