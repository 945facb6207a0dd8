import { Type } from 'typebox'
import { AuthResponse } from '../../contract/accounts.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  PasskeyList,
  PasskeyRegistrationStart,
  Passkey as PasskeySchema,
  PasskeySecondFactorBody,
  PasskeySecondFactorStartBody,
  PasskeySignInBody,
  PasskeySignInStart,
  RegisterPasskeyBody,
  RenamePasskeyBody,
} from '../../contract/passkeys.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { codeFailuresOf } from '../second-factor/failures.ts'
import { relyingPartyOf } from './ceremony.ts'
import {
  listMemberPasskeys,
  type PasskeyDeps,
  registerPasskey,
  removeMemberPasskey,
  renameMemberPasskey,
  startPasskeyRegistration,
} from './service.ts'
import {
  answerChallengeWithPasskey,
  signInWithPasskey,
  startPasskeySecondFactor,
  startPasskeySignIn,
} from './sign-in-service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }
const signInErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse }
const tags = ['users']
const PasskeyParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

/**
 * Passkeys (docs/product-rules.md#passkeys): the member's in Settings, and signing in with one, alone
 * or as the second factor after the password. None of these routes declares a tokenScope: a personal
 * access token never reaches them. Ceremony answers are `no-store`: each challenge is for one use.
 */
export const passkeysRoutes = modulePlugin('passkeys', [], async (app) => {
  const deps: PasskeyDeps = {
    db: app.db,
    relyingParty: relyingPartyOf(app.config.publicOrigin, app.config.allowedOrigins),
  }

  app.get(
    '/api/users/me/passkeys',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your passkeys: name, when each was added and last used',
        response: { 200: PasskeyList, ...errors },
      },
    },
    async (request) => listMemberPasskeys(app.db, requireAuth(request).id),
  )

  app.post(
    '/api/users/me/passkeys/options',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Start adding a passkey: creation options for navigator.credentials.create()',
        description: 'The challenge is kept on the server for 5 minutes and answers one registration.',
        response: { 200: PasskeyRegistrationStart, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      const user = { id: auth.id, username: auth.username }
      const start = await startPasskeyRegistration(deps, user, request.headers.origin)
      return reply.header('cache-control', 'no-store').send(start)
    },
  )

  app.post(
    '/api/users/me/passkeys',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Add a passkey: the credential navigator.credentials.create() made, and its name',
        body: RegisterPasskeyBody,
        response: { 201: PasskeySchema, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(deps, requireAuth(request).id, request.body)
      return reply.status(201).send(passkey)
    },
  )

  app.patch(
    '/api/users/me/passkeys/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Rename one of your passkeys',
        params: PasskeyParams,
        body: RenamePasskeyBody,
        response: { 200: PasskeySchema, 404: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      renameMemberPasskey(app.db, requireAuth(request).id, request.params.id, request.body.name),
  )

  app.delete(
    '/api/users/me/passkeys/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Remove one of your passkeys; answers the ones left',
        params: PasskeyParams,
        response: { 200: PasskeyList, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => removeMemberPasskey(app.db, requireAuth(request).id, request.params.id),
  )

  app.post(
    '/api/user/login/passkey/options',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        tags,
        summary: 'Start signing in with a passkey alone: request options for navigator.credentials.get()',
        response: { 200: PasskeySignInStart, ...signInErrors },
      },
    },
    async (request, reply) => {
      const start = await startPasskeySignIn(deps, request.headers.origin)
      return reply.header('cache-control', 'no-store').send(start)
    },
  )

  app.post(
    '/api/user/login/passkey',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (a discoverable credential, verified by its user)',
        description:
          'Every refusal is a 401: an expired or used challenge, an unknown passkey, a failed check or a counter that went back. Failures count as failed sign-ins of the passkey’s member.',
        body: PasskeySignInBody,
        response: { 200: AuthResponse, ...signInErrors },
      },
    },
    async (request, reply) => {
      const user = await signInWithPasskey(
        { ...deps, failuresFor: (id) => codeFailuresOf(app.loginFailures, request, id) },
        request.body,
      )
      return app.signIn(request, reply, user, 'passkey')
    },
  )

  app.post(
    '/api/user/login/second-factor/passkey/options',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        tags,
        summary:
          'Answer the password step’s challenge with a passkey: request options for its member’s passkeys',
        body: PasskeySecondFactorStartBody,
        response: { 200: PasskeySignInStart, 409: ErrorResponse, ...signInErrors },
      },
    },
    async (request, reply) => {
      const start = await startPasskeySecondFactor(deps, request.body.challenge, request.headers.origin)
      return reply.header('cache-control', 'no-store').send(start)
    },
  )

  app.post(
    '/api/user/login/second-factor/passkey',
    {
      config: { access: 'public', rateLimit: app.rateLimits.login },
      schema: {
        tags,
        summary: 'Finish signing in: answer the challenge of POST /api/user/login with a passkey',
        description:
          'Every refusal is a 401. A wrong answer counts as a failed sign-in and against the challenge, as a wrong code does.',
        body: PasskeySecondFactorBody,
        response: { 200: AuthResponse, ...signInErrors },
      },
    },
    async (request, reply) => {
      const user = await answerChallengeWithPasskey(
        { ...deps, failuresFor: (id) => codeFailuresOf(app.loginFailures, request, id) },
        request.body,
      )
      return app.signIn(request, reply, user, 'second-factor')
    },
  )
})
