import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LIVE_LIMITS } from '../contract/live.ts'
import { SESSION_COOKIE } from '../contract/values.ts'
import { cookieValue } from '../infra/cookies.ts'
import { UnauthorizedError } from '../lib/errors.ts'
import { type Bus, createMemoryBus, createRedisBus } from './bus.ts'
import { createLiveHub, type LiveHub } from './hub.ts'
import {
  createMemoryPresenceStore,
  createPresence,
  createRedisPresenceStore,
  type Presence,
  type PresenceStore,
} from './presence.ts'
import { registerWsRoute, type VerifyToken } from './ws-route.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel: publish events, read a topic's current id (see server/src/live/README.md). */
    live: LiveHub
    /** Live sockets on this instance and on every instance (see server/src/live/README.md#presence). */
    presence: Presence
  }
}

/** The parts of the server config the live channel reads (a subset of `Config`). */
export interface LiveConfig {
  publicOrigin: string
  allowedOrigins: readonly string[]
  redisUrl?: string | undefined
  /** Prefix of the live channel's Redis keys and channel (default `bashboard:`). */
  redisKeyPrefix?: string | undefined
}

/** Options of `livePlugin`. */
export interface LivePluginOptions {
  /** The bus to use; by default Redis when `config.redisUrl` is set, else in memory. Closed with the app. */
  bus?: Bus
  /**
   * Where the instances' socket counts meet; by default Redis when `config.redisUrl` is set, else in
   * memory. Closed with the app.
   */
  presence?: PresenceStore
  /** How long sockets get to answer the 1001 close before they are cut (default 2 s). */
  closeGraceMs?: number
}

/** How long start-up waits for Redis before serving anyway (events are dropped until it answers). */
const BUS_READY_TIMEOUT_MS = 3000

async function live(app: FastifyInstance, options: LivePluginOptions): Promise<void> {
  const config = app.getDecorator<LiveConfig>('config')
  const verifyToken = app.getDecorator<VerifyToken>('verifyToken')
  const verifySession = app.getDecorator<VerifyToken>('verifySession')
  const verifyUpgradeSession = async (request: FastifyRequest) => {
    const secret = cookieValue(request, SESSION_COOKIE)
    if (!secret) throw new UnauthorizedError('Sign in to use your private topics.')
    return verifySession(secret)
  }
  const log = app.log.child({ module: 'live' })
  const prefix = config.redisKeyPrefix ?? 'bashboard:'
  const bus =
    options.bus ??
    (config.redisUrl
      ? createRedisBus(config.redisUrl, { prefix, logger: log })
      : createMemoryBus({ logger: log }))
  if (!(await bus.waitUntilReady(BUS_READY_TIMEOUT_MS))) {
    log.warn(
      { bus: bus.kind },
      'live bus not ready; serving anyway, live events are dropped until it answers',
    )
  }
  const presenceStore =
    options.presence ??
    (config.redisUrl
      ? createRedisPresenceStore(config.redisUrl, { prefix, logger: log })
      : createMemoryPresenceStore())
  const presence = createPresence({ store: presenceStore })
  const hub = createLiveHub(
    options.closeGraceMs === undefined ? { bus, log } : { bus, log, closeGraceMs: options.closeGraceMs },
  )
  app.decorate('live', hub)
  app.decorate('presence', presence)

  await app.register(websocket, {
    options: { maxPayload: LIVE_LIMITS.maxPayloadBytes },
    // Sockets must be closed before the HTTP server can finish closing; 1001 tells clients to come back.
    preClose: async () => {
      await hub.closeSockets()
    },
  })
  registerWsRoute(app, {
    hub,
    presence,
    verifyToken,
    verifyUpgradeSession,
    allowedOrigins: [config.publicOrigin, ...config.allowedOrigins],
  })
  app.addHook('onClose', async () => {
    await hub.close()
    await presence.close()
  })
}

/**
 * The live channel: decorates `app.live` and serves `GET /ws`. Needs the `config`, `verifyToken` and
 * `verifySession` decorators (register it after the auth plugin). It registers @fastify/websocket itself.
 */
export const livePlugin = fp(live, {
  name: 'bashboard-live',
  fastify: '5.x',
  decorators: { fastify: ['config', 'verifyToken', 'verifySession'] },
})
