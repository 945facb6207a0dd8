import { AuthResponse, CurrentUserHeader, LoginBody, SignupBody } from '../../contract/accounts.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  ForgotPasswordBody,
  MAIL_MESSAGES,
  MailRequestResponse,
  ResetPasswordBody,
  VerifyEmailBody,
  VerifyEmailResponse,
} from '../../contract/mail.ts'
import { SecondFactorLoginBody, SecondFactorRequired } from '../../contract/second-factor.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { codeFailuresOf } from '../second-factor/failures.ts'
import { answerSignInChallenge, totpSecretKey } from '../second-factor/service.ts'
import { asSeenByCaller, toProfileHeader } from './presenter.ts'
import {
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verificationAddress,
  verifyEmail,
} from './recovery.ts'
import { authenticate, getCurrentUser, signUp } from './service.ts'

/**
 * A forgot-password request answers no sooner than this, whether it found an account (and queued a
 * mail) or not, so its timing does not tell either.
 */
export const FORGOT_PASSWORD_MIN_MS = 300

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse }

/** Signup, login (with its second-factor step) and the signed-in user's header data. */
export const accountsRoutes = modulePlugin('accounts', [AFTER_WRITES_PLUGIN], async (app) => {
  const secondFactorDeps = { db: app.db, secretKey: totpSecretKey(app.config.jwtSecret) }
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
      app.mailer.worker.poke()
      return reply.status(201).send(await app.signIn(request, reply, user, 'signup'))
    },
  )

  app.post(
    '/api/user/login',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        description:
          'A member with a second factor gets 202 and a challenge instead of the session, answered at POST /api/user/login/second-factor.',
        body: LoginBody,
        response: { 200: AuthResponse, 202: SecondFactorRequired, ...errors },
      },
    },
    async (request, reply) => {
      const subject = { kind: 'login', account: request.body.emailOrUsername } as const
      await app.loginFailures.assertAllowed(request, subject)
      let user: Awaited<ReturnType<typeof authenticate>>
      try {
        user = await authenticate(app.db, request.body)
        await app.loginFailures.recordSuccess(request, subject)
      } catch (error) {
        if (error instanceof UnauthorizedError) await app.loginFailures.recordFailure(request, subject)
        throw error
      }
      // The password is right; a member with a second factor is asked for it before any session.
      return app.signInOrChallenge(request, reply, user, 'password')
    },
  )

  app.post(
    '/api/user/login/second-factor',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        summary: 'Finish signing in: answer the challenge of POST /api/user/login with a code',
        description:
          'Every refusal is a 401: a wrong code says so and counts as a failed sign-in; an unknown, expired (5 minutes), used or voided challenge says to enter the password again.',
        body: SecondFactorLoginBody,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await answerSignInChallenge(
        {
          ...secondFactorDeps,
          failuresFor: (id) => codeFailuresOf(app.loginFailures, request, id),
        },
        request.body,
      )
      const user = await getCurrentUser(app.db, userId)
      return app.signIn(request, reply, user, 'second-factor')
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

  app.post(
    '/api/user/password/forgot',
    {
      config: { access: 'public', rateLimit: app.rateLimits.mailRequest },
      schema: {
        summary: 'Mail a password reset link (the answer never says whether the address has an account)',
        body: ForgotPasswordBody,
        response: { 202: MailRequestResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Counted per address typed, account or not: one inbox cannot be flooded, and nothing leaks.
      await app.mailRequests.consume(request, request.body.email)
      const started = Date.now()
      await requestPasswordReset(app.db, request.body.email)
      app.mailer.worker.poke()
      const wait = FORGOT_PASSWORD_MIN_MS - (Date.now() - started)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      return reply.status(202).send({ message: MAIL_MESSAGES.resetRequested })
    },
  )

  app.post(
    '/api/user/password/reset',
    {
      config: { access: 'public', rateLimit: app.rateLimits.mailRequest },
      schema: {
        summary: 'Set a new password from a reset link; signs out every session',
        body: ResetPasswordBody,
        response: { 200: MailRequestResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const deps = { db: app.db, live: app.live, events: app.domainEvents }
      await resetPassword(deps, request.body.token, request.body.password)
      app.mailer.worker.poke()
      return { message: MAIL_MESSAGES.passwordReset }
    },
  )

  app.post(
    '/api/user/email/verify',
    {
      config: { access: 'public', rateLimit: app.rateLimits.mailRequest },
      schema: {
        summary: 'Verify an email address from the link mailed to it (signed in or not)',
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const { email } = await verifyEmail(app.db, request.body.token)
      return { email, message: MAIL_MESSAGES.emailVerified }
    },
  )

  app.post(
    '/api/user/email/verification',
    {
      config: { access: 'member', rateLimit: app.rateLimits.mailRequest },
      schema: {
        summary: 'Mail a new verification link to your address',
        response: { 202: MailRequestResponse, 403: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      await app.mailRequests.consume(request, await verificationAddress(app.db, auth.id))
      await resendVerification(app.db, auth.id)
      app.mailer.worker.poke()
      return reply.status(202).send({ message: MAIL_MESSAGES.verificationSent })
    },
  )
})
