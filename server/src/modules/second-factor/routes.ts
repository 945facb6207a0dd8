import { ErrorResponse } from '../../contract/common.ts'
import {
  ConfirmTotpBody,
  DisableTotpBody,
  RecoveryCodesResponse,
  SecondFactorProofBody,
  SecondFactorStatus,
  TotpEnrolment,
} from '../../contract/second-factor.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { codeFailuresOf } from './failures.ts'
import {
  confirmTotpEnrolment,
  disableTotp,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  type SecondFactorDeps,
  startTotpEnrolment,
  totpSecretKey,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }
const tags = ['users']

/**
 * The member's second factor in Settings (docs/product-rules.md#second-factor). The two sign-in steps
 * are the accounts module's (`POST /api/user/login` and `/api/user/login/second-factor`). None of
 * these routes declares a tokenScope: a personal access token never reaches them.
 */
export const secondFactorRoutes = modulePlugin('second-factor', [], async (app) => {
  const deps: SecondFactorDeps = { db: app.db, secretKey: totpSecretKey(app.config.jwtSecret) }

  app.get(
    '/api/users/me/second-factor',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Whether signing in asks for a second factor, and how many recovery codes are left',
        response: { 200: SecondFactorStatus, ...errors },
      },
    },
    async (request) => getSecondFactorStatus(app.db, requireAuth(request).id),
  )

  app.post(
    '/api/users/me/second-factor/totp',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Start enrolling an authenticator app: a new secret, its otpauth URI and QR code (shown this once)',
        response: { 201: TotpEnrolment, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      const enrolment = await startTotpEnrolment(deps, { id: auth.id, username: auth.username })
      // The secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(enrolment)
    },
  )

  app.post(
    '/api/users/me/second-factor/totp/confirm',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Turn the authenticator on with its current code; answers ten recovery codes, shown this once',
        body: ConfirmTotpBody,
        response: { 200: RecoveryCodesResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await confirmTotpEnrolment(deps, requireAuth(request).id, request.body.code)
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )

  app.delete(
    '/api/users/me/second-factor/totp',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Turn the authenticator off, confirmed with the password and a current or recovery code',
        body: DisableTotpBody,
        response: {
          200: SecondFactorStatus,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const failures = codeFailuresOf(app.loginFailures, request, auth.id)
      return disableTotp({ ...deps, failures }, auth.id, request.body)
    },
  )

  app.post(
    '/api/users/me/second-factor/recovery-codes',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'New recovery codes, confirmed with a current or recovery code; the earlier ones stop working',
        body: SecondFactorProofBody,
        response: {
          200: RecoveryCodesResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      const failures = codeFailuresOf(app.loginFailures, request, auth.id)
      const answer = await regenerateRecoveryCodes({ ...deps, failures }, auth.id, request.body)
      return reply.header('cache-control', 'no-store').send(answer)
    },
  )
})
