import type { Database, UserRow } from '@bashboard/db'
import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import { Type } from 'typebox'
import { Compile } from 'typebox/compile'
import type { Config } from '../config.ts'
import { type Access, Role as RoleSchema } from '../contract/common.ts'
import type { TokenScope } from '../contract/tokens.ts'
import { CSRF_HEADER, SESSION_COOKIE } from '../contract/values.ts'
import { type AccessTokenAuth, type AuthUser, hasAccess } from '../lib/access.ts'
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts'
import { normaliseOrigin, originAllowed } from '../lib/origin.ts'
import { cookieValue } from './cookies.ts'
import { clearSessionCookies } from './session-cookies.ts'

/** Session length (docs/product-rules.md#sessions): one hour. */
export const TOKEN_TTL_SECONDS = 60 * 60

/** A freshly signed token and when it stops working. */
export interface IssuedToken {
  token: string
  expiresAt: Date
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Verifies a bearer token (HS256, `exp`, `sub`, `ver`, `role`, `iss`, `aud`) and checks it
     * against the users row: a missing user or a `ver` other than token_version is refused (401).
     */
    verifyToken(token: string): Promise<AuthUser>
    /** Signs a one-hour token for the user. */
    issueToken(user: Pick<UserRow, 'id' | 'role' | 'token_version'>): IssuedToken
    /**
     * Checks a web session cookie's secret: the session must exist, not have ended or expired, and be
     * pinned to the user's current token_version (401 otherwise).
     */
    verifySession(secret: string): Promise<AuthUser>
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. Set by the access hook on every request. */
    auth: AuthUser | null
  }
  interface FastifyContextConfig {
    /** Who may call the route; enforced by the one access hook. Every /api route declares it. */
    access?: Access
    /**
     * The personal access token scope that lets a token call this route. A route without it refuses
     * personal access tokens (403), whatever their scopes: account, password, email, username,
     * token, application and moderation routes leave it out on purpose, so a token can never reach them.
     */
    tokenScope?: TokenScope
  }
}

// What a valid token must carry; anything else is refused even with a good signature.
const TokenClaims = Type.Object({
  sub: Type.String({ format: 'uuid' }),
  ver: Type.Integer({ minimum: 0 }),
  role: RoleSchema,
  iss: Type.String(),
  aud: Type.Union([Type.String(), Type.Array(Type.String())]),
  exp: Type.Integer(),
})

/** Compiled once: every signed-in request checks its token's claims. */
const tokenClaims = Compile(TokenClaims)

const REQUIRED_CLAIMS = ['sub', 'ver', 'role', 'iss', 'aud', 'exp']

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

/**
 * Why a personal access token may not call a route: the route accepts no tokens at all, or the token
 * lacks the route's scope. Undefined when the token may call it.
 */
export function tokenScopeRefusal(
  routeScope: TokenScope | undefined,
  tokenScopes: readonly TokenScope[],
): string | undefined {
  if (routeScope === undefined) {
    return 'Personal access tokens cannot be used for this. Sign in on the website to do it.'
  }
  if (!tokenScopes.includes(routeScope)) {
    return `This access token lacks the "${routeScope}" scope. Create a token with it under Settings → Access tokens.`
  }
  return undefined
}

/** The signed-in user of a route declared `member` or above (the access hook has already checked). */
export function requireAuth(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new UnauthorizedError()
  return request.auth
}

/**
 * What the access hook needs to know about users and tokens, handed in by app.ts from the accounts and
 * tokens modules (infra imports no module).
 */
export interface AuthLookups {
  /**
   * The user a session token names, or undefined when there is none. Every signed-in request asks, so
   * the accounts module keeps the rows in memory, following the live events that change them
   * (modules/accounts/session-users.ts).
   */
  findUser(
    db: Kysely<Database>,
    id: string,
  ): Promise<Pick<UserRow, 'id' | 'username' | 'role' | 'token_version'> | undefined>
  /** Whether a bearer credential is a personal access token (rather than a session token). */
  isAccessToken(credential: string): boolean
  /** The user and scopes of a personal access token; 401 when it is unknown, revoked or expired. */
  verifyAccessToken(db: Kysely<Database>, token: string): Promise<AuthUser & { accessToken: AccessTokenAuth }>
  /** The web session a cookie's secret names, by the secret's hash (kept in memory like the users). */
  findWebSession(db: Kysely<Database>, secret: string): Promise<WebSessionRef | undefined>
  /** Whether `token` is the CSRF token of the session (modules/sessions/csrf.ts). */
  csrfMatches(sessionId: string, token: string | undefined): boolean
  /** Notes that a session was used (its "last seen"); cheap, and never waited for. */
  sessionSeen(request: FastifyRequest, sessionId: string): void
}

/** What the access hook reads of a web session. */
export interface WebSessionRef {
  id: string
  user_id: string
  token_version: number
  expires_at: Date
  ended_at: Date | null
}

/** Methods that change nothing, which a session cookie may make without a CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const SESSION_ENDED = 'Your session has ended. Please log in again.'

/**
 * JWT sessions, personal access tokens and the access hook. Session tokens are pinned to HS256 for both
 * signing and verifying, and must name our issuer and audience. One onRequest hook reads the bearer
 * token and enforces the route's `config.access`: 401 without a valid token, 403 with too low a role.
 * On public routes a bad session token just means a guest. A personal access token (`bb_pat_…`) is
 * looked up by its hash and refused with 401 when unknown, revoked or expired, on every route (a script
 * should learn its token is dead rather than be served as a guest); a valid one counts against the
 * token's rate limit and may call only routes whose `config.tokenScope` is one of its scopes (403).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; lookups: AuthLookups }) => {
    const { config, lookups } = opts
    await app.register(fastifyJwt, {
      secret: config.jwtSecret,
      sign: { algorithm: 'HS256', iss: config.jwtIssuer, aud: config.jwtAudience },
      verify: {
        algorithms: ['HS256'],
        allowedIss: config.jwtIssuer,
        allowedAud: config.jwtAudience,
        requiredClaims: REQUIRED_CLAIMS,
      },
    })

    app.decorate('issueToken', (user: Pick<UserRow, 'id' | 'role' | 'token_version'>): IssuedToken => {
      const iat = Math.floor(Date.now() / 1000)
      const exp = iat + TOKEN_TTL_SECONDS
      const token = app.jwt.sign({ sub: user.id, ver: user.token_version, role: user.role, iat, exp })
      return { token, expiresAt: new Date(exp * 1000) }
    })

    app.decorate('verifyToken', async (token: string): Promise<AuthUser> => {
      let claims: unknown
      try {
        claims = app.jwt.verify(token)
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED'
        throw new UnauthorizedError(
          expired ? 'Your session has expired. Please log in again.' : 'Invalid token',
        )
      }
      if (!tokenClaims.Check(claims)) throw new UnauthorizedError('Invalid token')
      const user = await lookups.findUser(app.db, claims.sub)
      if (!user || user.token_version !== claims.ver) {
        throw new UnauthorizedError('Your session has ended. Please log in again.')
      }
      // The row's role wins: a raised role applies at once, a lowered one has revoked the token.
      return {
        id: user.id,
        role: user.role,
        username: user.username,
        exp: claims.exp,
        tokenVersion: claims.ver,
      }
    })

    app.decorate('verifySession', async (secret: string): Promise<AuthUser> => {
      const session = await lookups.findWebSession(app.db, secret)
      if (!session || session.ended_at !== null || session.expires_at.getTime() <= Date.now()) {
        throw new UnauthorizedError(SESSION_ENDED)
      }
      const user = await lookups.findUser(app.db, session.user_id)
      if (!user || user.token_version !== session.token_version) throw new UnauthorizedError(SESSION_ENDED)
      return {
        id: user.id,
        role: user.role,
        username: user.username,
        exp: Math.floor(session.expires_at.getTime() / 1000),
        tokenVersion: session.token_version,
        sessionId: session.id,
      }
    })

    const allowedOrigins = new Set(config.allowedOrigins.map(normaliseOrigin))

    /**
     * A write made with the session cookie must come from one of our pages: an allowed Origin (when the
     * browser sends one) and the session's CSRF token in its header (403 otherwise).
     */
    function checkCookieWrite(request: FastifyRequest, sessionId: string): void {
      if (SAFE_METHODS.has(request.method)) return
      if (!originAllowed(request.headers.origin, allowedOrigins, request.headers.host)) {
        throw new ForbiddenError('This origin may not make changes with your session.')
      }
      const header = request.headers[CSRF_HEADER]
      if (!lookups.csrfMatches(sessionId, typeof header === 'string' ? header : undefined)) {
        throw new ForbiddenError('This request is missing its CSRF token. Reload the page and try again.')
      }
    }

    app.decorateRequest('auth', null)

    // A route under /api without a declared access level is a mistake: refuse to start.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.config?.access === undefined) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`)
      }
    })

    app.addHook('onRequest', async (request, reply) => {
      const access: Access = request.routeOptions.config.access ?? 'public'
      const token = bearerToken(request.headers.authorization)
      if (token && lookups.isAccessToken(token)) {
        const auth = await lookups.verifyAccessToken(app.db, token)
        request.auth = auth
        await app.tokenRequests.consume(request, auth.accessToken.id)
        const { config } = request.routeOptions
        const refusal = tokenScopeRefusal(config.tokenScope, auth.accessToken.scopes)
        // Static files and the not-found fallback declare no access and act on no one's behalf: an
        // unknown URL keeps its 404 rather than a refusal for a route that does not exist.
        if (refusal !== undefined && config.access !== undefined && !request.is404) {
          throw new ForbiddenError(refusal)
        }
      } else if (token) {
        try {
          request.auth = await app.verifyToken(token)
        } catch (error) {
          // A guest with a stale token may still read public pages; other failures (503) propagate.
          if (access !== 'public' || !(error instanceof UnauthorizedError)) throw error
        }
      } else {
        const secret = cookieValue(request, SESSION_COOKIE)
        if (secret) {
          try {
            request.auth = await app.verifySession(secret)
          } catch (error) {
            if (!(error instanceof UnauthorizedError)) throw error
            // The browser forgets a dead session (and its hint), so its pages stop asking as a member.
            clearSessionCookies(reply, config.publicOrigin)
            if (access !== 'public') throw error
          }
          if (request.auth?.sessionId !== undefined) {
            checkCookieWrite(request, request.auth.sessionId)
            lookups.sessionSeen(request, request.auth.sessionId)
          }
        }
      }
      if (access === 'public') return
      if (!request.auth) throw new UnauthorizedError()
      if (!hasAccess(request.auth.role, access)) throw new ForbiddenError()
    })
  },
  { name: 'bashboard-auth', dependencies: ['bashboard-context', 'bashboard-rate-limit'] },
)
