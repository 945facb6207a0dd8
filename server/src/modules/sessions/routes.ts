import { Type } from 'typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { EndedSessions, WebSessionList } from '../../contract/sessions.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { clearSessionCookies } from '../../infra/session-cookies.ts'
import { ConflictError } from '../../lib/errors.ts'
import { endMemberSession, endOtherSessions, listMemberSessions } from './service.ts'

const errors = { 401: ErrorResponse, 403: ErrorResponse }
const tags = ['users']
const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }) })

/**
 * Web sessions (docs/product-rules.md#sessions): signing out, and Settings → Sessions. None declares a
 * tokenScope: a personal access token never lists or ends sessions.
 */
export const sessionsRoutes = modulePlugin('sessions', [], async (app) => {
  const deps = { db: app.db, live: app.live, events: app.domainEvents }

  app.post(
    '/api/user/logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign this browser out: ends its session and clears its cookies',
        description: 'Always 204; a request without a session (or with a bearer token) has nothing to end.',
        response: { 204: Type.Null(), 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = request.auth
      if (auth?.sessionId !== undefined) await endMemberSession(deps, auth.id, auth.sessionId)
      clearSessionCookies(reply, app.config.publicOrigin)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/users/me/sessions',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your signed-in browsers: device, network, how and when signed in, last seen',
        response: { 200: WebSessionList, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      return listMemberSessions(app.db, auth.id, auth.sessionId)
    },
  )

  app.delete(
    '/api/users/me/sessions/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Sign one of your browsers out',
        params: SessionParams,
        response: { 204: Type.Null(), 404: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      await endMemberSession(deps, auth.id, request.params.id)
      if (request.params.id === auth.sessionId) clearSessionCookies(reply, app.config.publicOrigin)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/users/me/sessions/end-others',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Sign out everywhere else: every other browser and every password login of the API',
        description: 'Personal access tokens stay; revoke them under Settings → Access tokens.',
        response: { 200: EndedSessions, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      // Only a browser has an "else" to keep: a bearer login would end with the rest.
      if (auth.sessionId === undefined) {
        throw new ConflictError('Sign in on the website to sign your other sessions out.')
      }
      return { ended: await endOtherSessions(deps, auth.id, auth.sessionId) }
    },
  )
})
