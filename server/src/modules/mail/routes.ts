import { ErrorResponse } from '../../contract/common.ts'
import {
  MailPreferences,
  UNSUBSCRIBE_TOPIC_LABELS,
  UnsubscribeQuery,
  UnsubscribeResponse,
  UpdateMailPreferencesBody,
} from '../../contract/mail.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { getMailPreferences, unsubscribe, updateMailPreferences } from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }

/**
 * A member's mail choices (session only: no `tokenScope`, so a token cannot change where mail goes)
 * and the one-click unsubscribe that works without signing in.
 */
export const mailRoutes = modulePlugin('mail', [AFTER_WRITES_PLUGIN], async (app) => {
  app.get(
    '/api/users/me/mail',
    {
      config: { access: 'member' },
      schema: { summary: 'What the site mails you', response: { 200: MailPreferences, ...errors } },
    },
    async (request) => getMailPreferences(app.db, requireAuth(request).id),
  )

  app.put(
    '/api/users/me/mail',
    {
      config: { access: 'member' },
      schema: {
        summary: 'Choose what the site mails you',
        body: UpdateMailPreferencesBody,
        response: { 200: MailPreferences, ...errors },
      },
    },
    async (request) => updateMailPreferences(app.db, requireAuth(request).id, request.body),
  )

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; its content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  )

  app.post(
    '/api/mail/unsubscribe',
    {
      config: { access: 'public', rateLimit: app.rateLimits.mailRequest },
      schema: {
        summary: 'One-click unsubscribe (RFC 8058), from a link in a mail; no sign-in',
        querystring: UnsubscribeQuery,
        response: {
          200: UnsubscribeResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          400: ErrorResponse,
        },
      },
    },
    async (request) => {
      const topic = await unsubscribe(app.db, app.mailer.unsubscribe, request.query.token)
      return { topic, message: `You will no longer get ${UNSUBSCRIBE_TOPIC_LABELS[topic]}.` }
    },
  )
})
