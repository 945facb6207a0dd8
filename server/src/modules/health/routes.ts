import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { HealthResponse } from '../../contract/health.ts'
import { ServiceUnavailableError } from '../../lib/errors.ts'

/** Longest a readiness probe waits for each dependency. */
export const READY_TIMEOUT_MS = 2000

/** Resolves true when `check` succeeds within `ms`; false when it fails, answers false or is too slow. */
async function passesWithin(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  const attempt = check().then(
    (result) => result !== false,
    () => false,
  )
  try {
    return await Promise.race([attempt, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** GET /healthz (the process answers) and GET /readyz (the database and the live bus answer). */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { config: { access: 'public' }, logLevel: 'warn', schema: { response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { response: { 200: HealthResponse, 503: ErrorResponse } },
    },
    async () => {
      const [databaseUp, busUp] = await Promise.all([
        passesWithin(() => app.pingDatabase(), READY_TIMEOUT_MS),
        passesWithin(() => app.live.isReady(), READY_TIMEOUT_MS),
      ])
      const down = [databaseUp ? null : 'database', busUp ? null : 'live event bus'].filter(
        (name) => name !== null,
      )
      if (down.length > 0) throw new ServiceUnavailableError(`Not ready: ${down.join(' and ')} unreachable`)
      return { status: 'ok' as const }
    },
  )
}
