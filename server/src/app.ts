import { randomUUID } from 'node:crypto'
import type { Database, DatabaseHandle } from '@bashboard/db'
import { type TypeBoxTypeProvider, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { Kysely } from 'kysely'
import { afterWritesPlugin } from './after-writes.ts'
import type { Config } from './config.ts'
import { authPlugin } from './infra/auth.ts'
import { compressionPlugin } from './infra/compression.ts'
import { contextPlugin } from './infra/context.ts'
import { errorsPlugin } from './infra/errors.ts'
import { inputGuardsPlugin } from './infra/input-guards.ts'
import { openApiPlugin } from './infra/openapi.ts'
import { prettyLogStream } from './infra/pretty-log.ts'
import { rateLimitPlugin } from './infra/rate-limit.ts'
import { responseSerializerCompiler } from './infra/response-serializer.ts'
import { securityPlugin } from './infra/security.ts'
import { uploadsPlugin } from './infra/uploads.ts'
import { webAppPlugin } from './infra/web-app.ts'
import { tokenHash } from './lib/random-token.ts'
import type { Bus } from './live/bus.ts'
import { livePlugin } from './live/plugin.ts'
import { findAuthRowById } from './modules/accounts/repo.ts'
import { accountsRoutes } from './modules/accounts/routes.ts'
import { createSessionUsers } from './modules/accounts/session-users.ts'
import { adsRoutes } from './modules/ads/routes.ts'
import { applicationsRoutes } from './modules/applications/routes.ts'
import { blogsRoutes } from './modules/blogs/routes.ts'
import { collectionsRoutes } from './modules/collections/routes.ts'
import { commentsRoutes } from './modules/comments/routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { identityRoutes } from './modules/identity/routes.ts'
import { leaderboardRoutes } from './modules/leaderboard/routes.ts'
import { leavingRoutes } from './modules/leaving/routes.ts'
import { mailRoutes } from './modules/mail/routes.ts'
import { moderationRoutes } from './modules/moderation/routes.ts'
import { notificationsRoutes } from './modules/notifications/routes.ts'
import { passkeysRoutes } from './modules/passkeys/routes.ts'
import { peopleRoutes } from './modules/people/routes.ts'
import { postsRoutes } from './modules/posts/routes.ts'
import { profilesRoutes } from './modules/profiles/routes.ts'
import { secondFactorRoutes } from './modules/second-factor/routes.ts'
import { createCsrfTokens } from './modules/sessions/csrf.ts'
import { sessionsRoutes } from './modules/sessions/routes.ts'
import { createSessionSeen } from './modules/sessions/service.ts'
import { createSessionKeeper } from './modules/sessions/session-keeper.ts'
import { signInPlugin } from './modules/sessions/sign-in.ts'
import { siteRoutes } from './modules/site/routes.ts'
import { findPageHead } from './modules/site/service.ts'
import { statsRoutes } from './modules/stats/routes.ts'
import { terminalRoutes } from './modules/terminal/routes.ts'
import { tokensRoutes } from './modules/tokens/routes.ts'
import { isAccessToken, verifyAccessToken } from './modules/tokens/service.ts'
import { websiteRoutes } from './modules/website/routes.ts'

/** Largest JSON body accepted (docs/product-rules.md#security); uploads have their own multipart limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024
/** A request must complete within this time. */
export const REQUEST_TIMEOUT_MS = 30_000
/** A client must have sent all request headers within this time. */
export const HEADERS_TIMEOUT_MS = 15_000
/**
 * Longest path parameter the router matches: as long as a URL can be (Node's 16 KiB of headers), so
 * each route's schema judges its parameters. Fastify's default, 100, sent a longer one (a blog slug,
 * a name typed into curl) past its route to the not-found handler, whatever the schema allowed.
 */
export const MAX_PARAM_LENGTH = 16 * 1024

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
    ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
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
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // Idle keep-alive sockets close at shutdown; requests arriving while closing get 503.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>()
  // TypeBox's own compiler: it refuses unknown fields where Ajv's Fastify defaults would strip them.
  app.setValidatorCompiler(TypeBoxValidatorCompiler)
  // fast-json-stringify, with post cards written once until they change (infra/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler)
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
  // Rules every route's input shares: no NUL characters (PostgreSQL cannot store them), and integer
  // query parameters written as plain whole numbers.
  await app.register(inputGuardsPlugin)
  await app.register(securityPlugin, { config })
  // JSON and HTML bodies of 1 KB or more, gzip or brotli, only for clients that ask (Accept-Encoding).
  await app.register(compressionPlugin)
  await app.register(rateLimitPlugin, { config })
  // The access hook learns of users and tokens from their modules; infra imports no module. The users
  // its token check reads are kept in memory once after-writes.ts has them follow the live channel.
  const sessionUsers = createSessionUsers(findAuthRowById)
  app.decorate('sessionUsers', sessionUsers)
  // Web sessions in cookies (issue 49): found by the secret's hash, kept like the users.
  const webSessions = createSessionKeeper()
  app.decorate('webSessions', webSessions)
  const csrf = createCsrfTokens(config.jwtSecret)
  app.decorate('csrfTokens', csrf)
  const sessionSeen = createSessionSeen(db, app.log)
  await app.register(authPlugin, {
    config,
    lookups: {
      findUser: sessionUsers.find,
      isAccessToken,
      verifyAccessToken,
      findWebSession: (database, secret) => webSessions.find(database, tokenHash(secret)),
      csrfMatches: csrf.matches,
      // An in-process socket upgrade (app.injectWS) has no address.
      sessionSeen: (request, sessionId) => sessionSeen(sessionId, request.ip ?? ''),
    },
  })
  await app.register(uploadsPlugin, { config })
  // Before the routes: the OpenAPI description is collected from the routes registered after it.
  await app.register(openApiPlugin, { config })
  await app.register(livePlugin, opts.bus ? { bus: opts.bus } : {})
  // What follows writes (the domain events of reactions.ts) and runs beside requests: batches, the
  // trending refresh, pruning, the shared page caches.
  await app.register(afterWritesPlugin)

  // Domain modules.
  await app.register(signInPlugin)
  await app.register(healthRoutes)
  await app.register(statsRoutes)
  await app.register(accountsRoutes)
  await app.register(postsRoutes)
  await app.register(websiteRoutes)
  await app.register(commentsRoutes)
  await app.register(collectionsRoutes)
  // People (issue 4), contributor applications and moderation (issue 5), content (issue 6).
  await app.register(peopleRoutes)
  await app.register(profilesRoutes)
  await app.register(leaderboardRoutes)
  await app.register(notificationsRoutes)
  await app.register(applicationsRoutes)
  await app.register(moderationRoutes)
  await app.register(blogsRoutes)
  await app.register(adsRoutes)
  await app.register(siteRoutes)
  await app.register(tokensRoutes)
  // A second factor for signing in: an authenticator app and recovery codes (issue 49).
  await app.register(secondFactorRoutes)
  // Passkeys: signing in with one alone, or as the second factor (issue 49).
  await app.register(passkeysRoutes)
  // Sign in with GitHub and Google, and the linked providers in Settings (issue 49).
  await app.register(identityRoutes)
  // Signing out, and the member's signed-in browsers in Settings (issue 49).
  await app.register(sessionsRoutes)
  // Leaving, and taking your data: the member's export and account deletion (issue 49).
  await app.register(leavingRoutes)
  // What the site mails a member, and one-click unsubscribe (issue 49).
  await app.register(mailRoutes)
  // The plain-text interface for curl (`/tar`, `/~words`, `/:list`, `/:help`): before the web app.
  await app.register(terminalRoutes)

  // Static files and the single-page-app / JSON 404 fallback: last, so every route above wins.
  await app.register(webAppPlugin, { config, pageHeads: { find: findPageHead } })
  return app
}

/** The app `buildApp` returns, with its TypeBox type provider. */
export type App = Awaited<ReturnType<typeof buildApp>>
