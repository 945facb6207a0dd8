import type { UserRow } from '@bashboard/db'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { AuthResponse } from '../../contract/accounts.ts'
import { toAuthResponse } from '../accounts/presenter.ts'
import { startSignInChallenge } from '../second-factor/service.ts'

/** How a session began, kept on it and shown in Settings → Sessions. */
export type SignInMethod = 'password' | 'signup' | 'second-factor' | 'passkey' | 'github' | 'google'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Signs `user` in: answers with the seed's body (a one-hour JWT and the header user).
     * Every way in (password, second factor, passkey, GitHub, Google, signup) ends here.
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
 * Decorates `app.signIn`. The session is the JWT the web app keeps; moving it into an HttpOnly cookie
 * (issue 49's last part) changes this one place, not the ways in.
 */
export const signInPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'signIn',
      async (_request: FastifyRequest, _reply: FastifyReply, user: UserRow, _method: SignInMethod) =>
        toAuthResponse(user, app.issueToken(user)),
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
