import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../../contract/common.ts'
import {
  NotificationParams,
  NotificationsQuery,
  NotificationsResponse,
  UnreadCountResponse,
} from '../../contract/notifications.ts'
import { requireAuth } from '../../infra/auth.ts'
import { getNotifications, readAllNotifications, readNotification } from './service.ts'

/** The signed-in user's notifications: the menu's list and the notifications page, mark all read, mark one read. */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, live: app.live }

  app.get(
    '/api/notifications',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        querystring: NotificationsQuery,
        response: { 200: NotificationsResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => getNotifications(deps, requireAuth(request).id, request.query),
  )

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'member' },
      schema: { response: { 200: UnreadCountResponse, 401: ErrorResponse } },
    },
    async (request) => readAllNotifications(app.db, requireAuth(request).id),
  )

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'member' },
      schema: {
        params: NotificationParams,
        response: { 200: UnreadCountResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => readNotification(app.db, requireAuth(request).id, request.params.id),
  )
}
