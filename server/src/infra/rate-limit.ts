import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import { TooManyRequestsError, tooManyAttemptsMessage } from '../lib/errors.ts'

/** Counts failed logins per account (lower-cased emailOrUsername), shared across instances via Redis. */
export interface LoginFailureGuard {
  /** Throws 429 when the account has reached its failure budget for the hour. */
  assertAllowed(request: FastifyRequest, account: string): Promise<void>
  /** Records one failed login against the account. */
  recordFailure(request: FastifyRequest, account: string): Promise<void>
}

/** Counts the requests made with each personal access token, shared across instances via Redis. */
export interface TokenRequestLimit {
  /** Counts one request made with the token; throws 429 once it has used its budget for the minute. */
  consume(request: FastifyRequest, tokenId: string): Promise<void>
}

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
  }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

function tooMany(ttlMs: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  return new TooManyRequestsError(tooManyAttemptsMessage(seconds), seconds)
}

/**
 * Rate limits (DESIGN §7): login 10/min per IP, 20 failures/hour per account, signup per IP, and
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

    // The account key comes from the parsed body, so it is handed to the key generator per request.
    const accountKeys = new WeakMap<FastifyRequest, string>()
    const failures = app.createRateLimit({
      max: config.rateLimit.accountFailuresPerHour,
      timeWindow: HOUR,
      keyGenerator: (request) => accountKeys.get(request) ?? `ip:${request.ip}`,
    })
    const keyFor = (account: string): string => `login-failure:${account.trim().toLowerCase()}`

    app.decorate('loginFailures', {
      async assertAllowed(request, account) {
        accountKeys.set(request, keyFor(account))
        const state = await failures(request, { increment: false })
        if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttl)
      },
      async recordFailure(request, account) {
        accountKeys.set(request, keyFor(account))
        await failures(request)
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
  },
  { name: 'bashboard-rate-limit' },
)
