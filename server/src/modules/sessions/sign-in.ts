import type { SignInMethod, UserRow } from '@bashboard/db'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthResponse } from '../../contract/accounts.ts'
import { TOKEN_TTL_SECONDS } from '../../infra/auth.ts'
import { setSessionCookies } from '../../infra/session-cookies.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { normaliseOrigin, originAllowed } from '../../lib/origin.ts'
import { toAuthResponse } from '../accounts/presenter.ts'
import { startSignInChallenge } from '../second-factor/service.ts'
import { endMemberSession, startWebSession } from './service.ts'

export type { SignInMethod }

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Signs `user` in: starts a web session (its cookies on `reply`) and answers with the seed's body
     * (a one-hour JWT for API clients, and the header user). Every way in (password, second factor,
     * passkey, GitHub, Google, signup) ends here.
     */
    signIn(
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      method: SignInMethod,
    ): Promise<AuthResponse>
    /**
     * After a first factor (a password, a provider): signs `user` in, or, when they have a second
     * factor, sends 202 with a sign-in challenge for POST /api/user/login/second-factor.
     */
    signInOrChallenge(
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      method: SignInMethod,
    ): Promise<AuthResponse | FastifyReply>
  }
}

/**
 * Decorates `app.signIn`. The browser's session is the HttpOnly cookie (docs/product-rules.md#sessions),
 * set when one of the site's own pages signs in; the JWT in the body stays for API clients and scripts,
 * and the web app never keeps it.
 */
export const signInPlugin = fp(
  async (app: FastifyInstance) => {
    const allowedOrigins = new Set(app.config.allowedOrigins.map(normaliseOrigin))
    app.decorate(
      'signIn',
      async (request: FastifyRequest, reply: FastifyReply, user: UserRow, method: SignInMethod) => {
        const answer = toAuthResponse(user, app.issueToken(user))
        // Only the site's own pages get cookies (browsers send Origin with every POST; the CLI sends none).
        const origin = request.headers.origin
        if (origin === undefined || !originAllowed(origin, allowedOrigins, request.headers.host))
          return answer
        const client = { userAgent: request.headers['user-agent'] ?? '', ip: request.ip ?? '' }
        // Signing in again in a signed-in browser replaces its session rather than leaving one behind.
        const previous = request.auth
        if (previous?.sessionId !== undefined) {
          const deps = { db: app.db, live: app.live, events: app.domainEvents }
          await endMemberSession(deps, previous.id, previous.sessionId).catch((error: unknown) => {
            // Ended meanwhile (another tab signed out): nothing is left to replace.
            if (!(error instanceof NotFoundError)) throw error
          })
        }
        const session = await startWebSession(app.db, user, method, client, TOKEN_TTL_SECONDS)
        setSessionCookies(reply, app.config.publicOrigin, {
          secret: session.secret,
          csrfToken: app.csrfTokens.tokenFor(session.id),
          expiresAt: session.expiresAt,
        })
        return answer
      },
    )
    app.decorate(
      'signInOrChallenge',
      async (request: FastifyRequest, reply: FastifyReply, user: UserRow, method: SignInMethod) => {
        const secondFactor = await startSignInChallenge(app.db, user)
        if (!secondFactor) return app.signIn(request, reply, user, method)
        return reply.status(202).header('cache-control', 'no-store').send({ secondFactor })
      },
    )
  },
  { name: 'bashboard-sign-in', dependencies: ['bashboard-auth'] },
)
