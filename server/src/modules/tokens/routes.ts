import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../../contract/common.ts'
import {
  AccessTokenParams,
  AccessTokensResponse,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
  RevokeAccessTokensResponse,
} from '../../contract/tokens.ts'
import { requireAuth } from '../../infra/auth.ts'
import { createAccessToken, listAccessTokens, revokeAccessToken, revokeAllAccessTokens } from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }

/**
 * Personal access tokens: list, create (shown once), revoke one, revoke all. Session only: none of
 * these routes declares a `tokenScope`, so a token can never list, mint or revoke tokens.
 */
export const tokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/tokens',
    {
      config: { access: 'member' },
      schema: {
        summary: 'List your personal access tokens',
        response: { 200: AccessTokensResponse, ...errors },
      },
    },
    async (request) => listAccessTokens(app.db, requireAuth(request).id),
  )

  app.post(
    '/api/tokens',
    {
      config: { access: 'member' },
      schema: {
        summary: 'Create a personal access token (the token is in the answer, once)',
        body: CreateAccessTokenBody,
        response: { 201: CreatedAccessTokenResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createAccessToken(app.db, requireAuth(request), request.body)
      return reply.status(201).header('cache-control', 'no-store').send(created)
    },
  )

  app.delete(
    '/api/tokens/:id',
    {
      config: { access: 'member' },
      schema: {
        summary: 'Revoke one of your personal access tokens',
        params: AccessTokenParams,
        response: { 200: RevokeAccessTokensResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => revokeAccessToken(app.db, requireAuth(request).id, request.params.id),
  )

  app.delete(
    '/api/tokens',
    {
      config: { access: 'member' },
      schema: {
        summary: 'Revoke all of your personal access tokens',
        response: { 200: RevokeAccessTokensResponse, ...errors },
      },
    },
    async (request) => revokeAllAccessTokens(app.db, requireAuth(request).id),
  )
}
