import { AuthResponse, CurrentUserHeader, LoginBody, SignupBody } from '../../contract/accounts.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { asSeenByCaller, toAuthResponse, toProfileHeader } from './presenter.ts'
import { authenticate, getCurrentUser, signUp } from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse }

/** Signup, login and the signed-in user's header data. */
export const accountsRoutes = modulePlugin('accounts', [AFTER_WRITES_PLUGIN], async (app) => {
  app.post(
    '/api/user/signup',
    {
      config: { access: 'public', rateLimit: app.rateLimits.signup },
      schema: {
        body: SignupBody,
        response: { 201: AuthResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signUp({ db: app.db, events: app.domainEvents }, request.body)
      return reply.status(201).send(toAuthResponse(user, app.issueToken(user)))
    },
  )

  app.post(
    '/api/user/login',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: { body: LoginBody, response: { 200: AuthResponse, ...errors } },
    },
    async (request) => {
      const subject = { kind: 'login', account: request.body.emailOrUsername } as const
      await app.loginFailures.assertAllowed(request, subject)
      try {
        const user = await authenticate(app.db, request.body)
        await app.loginFailures.recordSuccess(request, subject)
        return toAuthResponse(user, app.issueToken(user))
      } catch (error) {
        if (error instanceof UnauthorizedError) await app.loginFailures.recordFailure(request, subject)
        throw error
      }
    },
  )

  app.get(
    '/api/website/user/profile/header',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: { response: { 200: CurrentUserHeader, 401: ErrorResponse } },
    },
    async (request) => {
      // The access hook guarantees a signed-in user here.
      if (!request.auth) throw new UnauthorizedError()
      return asSeenByCaller(toProfileHeader(await getCurrentUser(app.db, request.auth.id)), request.auth)
    },
  )
})
