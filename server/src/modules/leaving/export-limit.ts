import type { FastifyInstance, FastifyRequest } from 'fastify'
import { rateLimitKey } from '../../infra/rate-limit.ts'
import { TooManyRequestsError, tooManyAttemptsMessage } from '../../lib/errors.ts'

/** Export requests (at once or in the background) per member per hour. */
export const EXPORT_REQUESTS_PER_HOUR = 10

/**
 * The per-member budget of export requests: each one reads the whole account in one snapshot, so a
 * script looping over it (with a session or a token, from any number of addresses) is slowed down.
 * Counted in the rate-limit store (Redis when REDIS_URL is set, so every instance shares it); a store
 * that fails lets the request through, as every limit here does.
 */
export function exportRequestLimit(app: FastifyInstance) {
  const limit = app.createRateLimit({
    max: EXPORT_REQUESTS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => rateLimitKey('export', { user: request.auth?.id ?? '' }),
  })
  return async (request: FastifyRequest, userId: string): Promise<void> => {
    let state: Awaited<ReturnType<typeof limit>>
    try {
      state = await limit(request)
    } catch (error) {
      request.log.warn({ err: error, userId }, 'export rate limit unavailable; request let through')
      return
    }
    if (!state.isAllowed && state.isExceeded) {
      const seconds = Math.max(1, Math.ceil(state.ttl / 1000))
      throw new TooManyRequestsError(tooManyAttemptsMessage(seconds), seconds)
    }
  }
}
