import { Type } from 'typebox'
import { AuthResponse } from '../../contract/accounts.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  IdentityCallbackQuery,
  IdentityLinkStart,
  IdentityProviderParams,
  IdentityProvidersResponse,
  IdentityStartQuery,
  InitialPasswordBody,
  LinkedIdentitiesResponse,
  PendingAccountBody,
  PendingIdentity,
  PendingLinkBody,
} from '../../contract/identity.ts'
import { IDENTITY_FINISH_PATH, IDENTITY_PROVIDERS } from '../../contract/identity-messages.ts'
import { safeReturnPath } from '../../contract/return-path.ts'
import { SecondFactorRequired } from '../../contract/second-factor.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { InvalidError } from '../../lib/errors.ts'
import {
  clearPendingCookie,
  clearStateCookie,
  readPendingCookie,
  readStateCookie,
  setPendingCookie,
  setStateCookie,
} from './cookies.ts'
import { listLinked, setFirstPassword, unlinkProvider } from './linked.ts'
import {
  createPendingAccount,
  describePending,
  linkPendingAccount,
  pendingAccountName,
  takePendingSignIn,
} from './pending.ts'
import { createProviders } from './providers.ts'
import { completeAuthorization, type IdentityDeps, providerOf, startAuthorization } from './service.ts'

const tags = ['users']
const Redirect = Type.Null({ description: 'A redirect (Location header); no body' })
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse }

/**
 * Sign in with GitHub and Google (docs/product-rules.md#identity): the full-page start and callback,
 * the finishing steps a new or matching account may need, and the linked providers in Settings. No
 * route declares a tokenScope: a personal access token reaches none of them.
 */
export const identityRoutes = modulePlugin('identity', [AFTER_WRITES_PLUGIN], async (app) => {
  const { config } = app
  const providers = createProviders(config)
  const deps: IdentityDeps = { db: app.db, events: app.domainEvents, providers, log: app.log }
  const configured = IDENTITY_PROVIDERS.filter((name) => providers.has(name))
  const signInLimit = { config: { access: 'public' as const, rateLimit: app.rateLimits.login } }

  app.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The sign-in providers configured on this site (the login page shows a button for each)',
        response: { 200: IdentityProvidersResponse },
      },
    },
    async () => ({ providers: configured }),
  )

  app.get(
    '/api/auth/:provider/start',
    {
      ...signInLimit,
      schema: {
        tags,
        summary: 'Start signing in with a provider: redirects to it, with state and PKCE',
        description:
          'A full-page navigation. Sets a short-lived HttpOnly cookie with the state; `returnTo` (a path of this site) is where the member lands once signed in.',
        params: IdentityProviderParams,
        querystring: IdentityStartQuery,
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const { url, state } = await startAuthorization(deps, request.params.provider, {
        returnTo: safeReturnPath(request.query.returnTo),
      })
      setStateCookie(reply, config.publicOrigin, state)
      return reply.header('cache-control', 'no-store').redirect(url.href)
    },
  )

  app.get(
    '/api/auth/:provider/callback',
    {
      ...signInLimit,
      schema: {
        tags,
        summary: 'Where the provider sends the member back: signs in, or redirects to the step left',
        description: `Refuses a state that is not the browser's, unknown, used or expired, a code the provider refuses (a replayed one) and an unverified address, redirecting to ${IDENTITY_FINISH_PATH}?error=… A matching account is never merged: the member gives its password on ${IDENTITY_FINISH_PATH}.`,
        params: IdentityProviderParams,
        querystring: IdentityCallbackQuery,
        response: { 302: Redirect, ...errors },
      },
    },
    async (request, reply) => {
      const name = request.params.provider
      providerOf(deps, name)
      const outcome = await completeAuthorization(deps, name, {
        url: new URL(request.url, config.publicOrigin),
        cookieState: readStateCookie(request),
      })
      clearStateCookie(reply, config.publicOrigin)
      reply.header('cache-control', 'no-store')
      switch (outcome.kind) {
        case 'pending':
          setPendingCookie(reply, config.publicOrigin, outcome.token)
          return reply.redirect(IDENTITY_FINISH_PATH)
        case 'linked':
          return reply.redirect('/settings?tab=security')
        case 'failed': {
          const from = outcome.linking ? '&from=settings' : ''
          return reply.redirect(`${IDENTITY_FINISH_PATH}?error=${outcome.error}${from}`)
        }
      }
    },
  )

  app.get(
    '/api/auth/pending',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What the provider sign-in in progress waits for (read from its HttpOnly cookie)',
        response: { 200: PendingIdentity, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return describePending(app.db, readPendingCookie(request))
    },
  )

  app.post(
    '/api/auth/pending/account',
    {
      ...signInLimit,
      schema: {
        tags,
        summary: 'Create the account of a first provider sign-in with the username the member picked',
        description:
          'Answers like signup: the new member is signed in. 409 names the field when the username (or, meanwhile, the address) is taken.',
        body: PendingAccountBody,
        response: { 201: AuthResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const done = await createPendingAccount(deps, readPendingCookie(request), request.body.username)
      clearPendingCookie(reply, config.publicOrigin)
      const auth = await app.signIn(request, reply, done.user, done.provider)
      return reply.status(201).send(auth)
    },
  )

  app.post(
    '/api/auth/pending/link',
    {
      ...signInLimit,
      schema: {
        tags,
        summary: 'Link the provider to the existing account with its address, with that account’s password',
        description:
          'Asked once, so an address at a provider never takes over an account by itself. A wrong password is a 422 on `password` and counts as a failed sign-in; an account with a second factor answers 202 with its challenge, as login does.',
        body: PendingLinkBody,
        response: {
          200: AuthResponse,
          202: SecondFactorRequired,
          422: ErrorResponse,
          409: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const token = readPendingCookie(request)
      const subject = { kind: 'login', account: await pendingAccountName(app.db, token) } as const
      await app.loginFailures.assertAllowed(request, subject)
      let done: Awaited<ReturnType<typeof linkPendingAccount>>
      try {
        done = await linkPendingAccount(app.db, token, request.body.password)
      } catch (error) {
        if (error instanceof InvalidError && error.field === 'password') {
          await app.loginFailures.recordFailure(request, subject)
        }
        throw error
      }
      await app.loginFailures.recordSuccess(request, subject)
      clearPendingCookie(reply, config.publicOrigin)
      reply.header('cache-control', 'no-store')
      return app.signInOrChallenge(request, reply, done.user, done.provider)
    },
  )

  app.post(
    '/api/auth/pending/sign-in',
    {
      ...signInLimit,
      schema: {
        tags,
        summary: 'Finish signing into the account a provider vouched for',
        description:
          'Answers like login: the member is signed in, or, for an account with a second factor, 202 with the challenge of POST /api/user/login/second-factor.',
        response: { 200: AuthResponse, 202: SecondFactorRequired, ...errors },
      },
    },
    async (request, reply) => {
      const done = await takePendingSignIn(app.db, readPendingCookie(request))
      clearPendingCookie(reply, config.publicOrigin)
      reply.header('cache-control', 'no-store')
      return app.signInOrChallenge(request, reply, done.user, done.provider)
    },
  )

  app.get(
    '/api/users/me/identities',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your linked sign-in providers, the ones this site offers, and whether you have a password',
        response: { 200: LinkedIdentitiesResponse, ...errors },
      },
    },
    async (request) => listLinked(app.db, requireAuth(request).id, configured),
  )

  app.post(
    '/api/users/me/identities/:provider',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Start linking a provider: answers its address to send the browser to',
        description:
          'Sets the state cookie as the sign-in start does; the callback links the account and returns to Settings.',
        params: IdentityProviderParams,
        response: { 200: IdentityLinkStart, ...errors },
      },
    },
    async (request, reply) => {
      const { url, state } = await startAuthorization(deps, request.params.provider, {
        linkUserId: requireAuth(request).id,
      })
      setStateCookie(reply, config.publicOrigin, state)
      return reply.header('cache-control', 'no-store').send({ url: url.href })
    },
  )

  app.delete(
    '/api/users/me/identities/:provider',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Unlink a provider (refused with 409 when it is your last way to sign in)',
        params: IdentityProviderParams,
        response: { 204: Type.Null(), 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await unlinkProvider(app.db, requireAuth(request).id, request.params.provider)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/users/me/password/initial',
    {
      config: { access: 'member', rateLimit: app.rateLimits.login },
      schema: {
        tags,
        summary: 'Set a first password on an account made through a provider (409 when it has one)',
        body: InitialPasswordBody,
        response: { 204: Type.Null(), 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await setFirstPassword(app.db, requireAuth(request).id, request.body.password)
      return reply.status(204).send(null)
    },
  )
})
