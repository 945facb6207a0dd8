import { randomUUID } from 'node:crypto'
import type { Database, DatabaseHandle } from '@bashboard/db'
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from './config.ts'
import { authPlugin } from './infra/auth.ts'
import { compressionPlugin } from './infra/compression.ts'
import { contextPlugin } from './infra/context.ts'
import { errorsPlugin } from './infra/errors.ts'
import { openApiPlugin } from './infra/openapi.ts'
import { rateLimitPlugin } from './infra/rate-limit.ts'
import { securityPlugin } from './infra/security.ts'
import { uploadsPlugin } from './infra/uploads.ts'
import { webAppPlugin } from './infra/web-app.ts'
import type { Bus } from './live/bus.ts'
import { livePlugin } from './live/plugin.ts'
import { accountsRoutes } from './modules/accounts/routes.ts'
import { adsRoutes } from './modules/ads/routes.ts'
import { applicationsRoutes } from './modules/applications/routes.ts'
import { blogsRoutes } from './modules/blogs/routes.ts'
import { commentsRoutes } from './modules/comments/routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { leaderboardRoutes } from './modules/leaderboard/routes.ts'
import { createLeaderboard } from './modules/leaderboard/service.ts'
import { startViewPruning } from './modules/maintenance/service.ts'
import { moderationRoutes } from './modules/moderation/routes.ts'
import { notificationsRoutes } from './modules/notifications/routes.ts'
import { createUpvoteNotifier } from './modules/notifications/service.ts'
import { peopleRoutes } from './modules/people/routes.ts'
import { createPostPageCaches } from './modules/posts/page-caches.ts'
import { postsRoutes } from './modules/posts/routes.ts'
import { createViewCounter } from './modules/posts/views.ts'
import { createVoteEffects } from './modules/posts/vote-effects.ts'
import { siteRoutes } from './modules/site/routes.ts'
import { statsRoutes } from './modules/stats/routes.ts'
import { createStatsBroadcaster } from './modules/stats/service.ts'
import { websiteRoutes } from './modules/website/routes.ts'
import { startTrendingRefresh } from './modules/website/trending.ts'

/** Largest JSON body accepted (DESIGN §7); uploads have their own multipart limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024
/** A request must complete within this time. */
export const REQUEST_TIMEOUT_MS = 30_000
/** A client must have sent all request headers within this time. */
export const HEADERS_TIMEOUT_MS = 15_000

export interface BuildAppOptions {
  config: Config
  db: Kysely<Database>
  /** The connection behind `db`; `/readyz` pings through it when given. */
  dbHandle?: DatabaseHandle
  /** The live event bus; by default the live plugin builds one from `config.redisUrl`. */
  bus?: Bus
  /** `false` silences logs (tests); an object is merged into the pino options. */
  logger?: boolean | Record<string, unknown>
}

function loggerOptions(config: Config, logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false
  return {
    level: config.logLevel,
    // Tokens and cookies never reach the logs, whichever serializer prints the headers.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
    ...(typeof logger === 'object' ? logger : {}),
  }
}

/**
 * Builds the Fastify app: one process serving the API, the live socket, uploads and the web app.
 * The plugin order below is the request pipeline; modules come after the infrastructure they use,
 * and the web app (with the 404 fallback) comes last.
 */
export async function buildApp(opts: BuildAppOptions) {
  const { config, db } = opts
  const app = Fastify({
    logger: loggerOptions(config, opts.logger),
    // Client-supplied request ids are only trusted from a proxy we were told about.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Idle keep-alive sockets close at shutdown; requests arriving while closing get 503.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>()
  // TypeBox's own compiler: it refuses unknown fields where Ajv's Fastify defaults would strip them.
  app.setValidatorCompiler(TypeBoxValidatorCompiler)
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // While shutting down, a finished response also ends its keep-alive connection, so close()
    // does not wait for idle sockets to time out.
    if (closing) reply.header('connection', 'close')
  })

  // Infrastructure, in pipeline order.
  await app.register(contextPlugin, { config, db, ...(opts.dbHandle ? { dbHandle: opts.dbHandle } : {}) })
  await app.register(errorsPlugin)
  await app.register(securityPlugin, { config })
  // JSON and HTML bodies of 1 KB or more, gzip or brotli, only for clients that ask (Accept-Encoding).
  await app.register(compressionPlugin)
  await app.register(rateLimitPlugin, { config })
  await app.register(authPlugin, { config })
  await app.register(uploadsPlugin, { config })
  // Before the routes: the OpenAPI description is collected from the routes registered after it.
  await app.register(openApiPlugin, { config })
  await app.register(livePlugin, opts.bus ? { bus: opts.bus } : {})
  const statsBroadcaster = createStatsBroadcaster({ db, live: app.live })
  app.decorate('statsBroadcaster', statsBroadcaster)
  app.addHook('onClose', async () => statsBroadcaster.close())
  // People (issue 4): cached leaderboards with coalesced pushes, and coalesced upvote notifications.
  const leaderboard = createLeaderboard({ db, live: app.live })
  app.decorate('leaderboard', leaderboard)
  app.addHook('onClose', async () => leaderboard.close())
  const upvoteNotifier = createUpvoteNotifier({ db, live: app.live })
  app.decorate('upvoteNotifier', upvoteNotifier)
  app.addHook('onClose', async () => upvoteNotifier.close())
  // What votes owe their authors (points, ledger, notifications), settled in batches after the vote.
  const voteEffects = createVoteEffects({ db, live: app.live, leaderboard, upvotes: upvoteNotifier })
  app.decorate('voteEffects', voteEffects)
  app.addHook('onClose', async () => voteEffects.close())
  // Post views are written in batches (modules/posts/views.ts); the last batch is written on close.
  const viewCounter = createViewCounter({ db, live: app.live })
  app.decorate('viewCounter', viewCounter)
  app.addHook('onClose', async () => viewCounter.close())
  // View rows of past hours are deleted every ten minutes (modules/maintenance).
  const viewPruner = startViewPruning({ db, log: app.log })
  app.addHook('onClose', async () => viewPruner.stop())
  // Trending scores are recomputed every few seconds, one instance at a time (modules/website/trending.ts).
  const trendingRanks = startTrendingRefresh({ db, log: app.log })
  app.decorate('trendingRanks', trendingRanks)
  app.addHook('onClose', async () => trendingRanks.stop())
  // Home, browse, search and post pages shared between visitors, patched by live events (PAGE_CACHE).
  const postPageCaches = config.pageCache ? createPostPageCaches(app.live) : null
  app.decorate('postPageCaches', postPageCaches)
  app.addHook('onClose', async () => postPageCaches?.close())

  // Domain modules.
  await app.register(healthRoutes)
  await app.register(statsRoutes)
  await app.register(accountsRoutes)
  await app.register(postsRoutes)
  await app.register(websiteRoutes)
  await app.register(commentsRoutes)
  // People (issue 4), contributor applications and moderation (issue 5), content (issue 6).
  await app.register(peopleRoutes)
  await app.register(leaderboardRoutes)
  await app.register(notificationsRoutes)
  await app.register(applicationsRoutes)
  await app.register(moderationRoutes)
  await app.register(blogsRoutes)
  await app.register(adsRoutes)
  await app.register(siteRoutes)

  // Static files and the single-page-app / JSON 404 fallback: last, so every route above wins.
  await app.register(webAppPlugin, { config })
  return app
}

/** The app `buildApp` returns, with its TypeBox type provider. */
export type App = Awaited<ReturnType<typeof buildApp>>
