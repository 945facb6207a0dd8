import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ADS_MAX_AGE_SECONDS,
  AdIdParams,
  AdsPageParams,
  AdsResponse,
  CreateAdBody,
  DeleteAdResponse,
  ModAdListResponse,
  ModAdResponse,
  TrackClickBody,
  TrackClickResponse,
  UpdateAdBody,
} from '../../contract/ads.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { requireAuth } from '../../infra/auth.ts'
import { imageUploadRoute } from '../content-images/images.ts'
import { viewerKey } from '../posts/service.ts'
import {
  type AdsDeps,
  createAd,
  deleteAd,
  getAdsForPage,
  listAllAds,
  trackClick,
  updateAd,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }

/** The ads a page shows, click tracking, and the moderators' ad desk (`/api/mod/ads`). */
export const adsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: AdsDeps = { db: app.db, live: app.live, files: app.files, origin: app.config.publicOrigin }

  app.get(
    '/api/ads/:page',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        summary: 'The ads a page shows, by slot',
        tags: ['ads'],
        params: AdsPageParams,
        response: { 200: AdsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const ads = await getAdsForPage(deps, request.params.page)
      // The same for every visitor, so shared caches may keep it for a minute.
      return reply.header('cache-control', `public, max-age=${ADS_MAX_AGE_SECONDS}`).send(ads)
    },
  )

  app.post(
    '/api/ads/track-click',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Count a click on an ad (once per visitor and minute)',
        tags: ['ads'],
        body: TrackClickBody,
        response: { 200: TrackClickResponse, 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) =>
      trackClick(deps, request.body, viewerKey(request.auth, request.ip, request.headers['user-agent'])),
  )

  app.get(
    '/api/mod/ads',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'List every ad with its clicks and schedule',
        tags: ['moderation'],
        response: { 200: ModAdListResponse, ...errors },
      },
    },
    async () => listAllAds(deps),
  )

  app.post(
    '/api/mod/ads',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Create an ad',
        tags: ['moderation'],
        body: CreateAdBody,
        response: { 201: ModAdResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const ad = await createAd(deps, requireAuth(request), request.body)
      return reply.status(201).send({ ad })
    },
  )

  app.put(
    '/api/mod/ads/:id',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Edit, schedule, pause or resume an ad',
        tags: ['moderation'],
        params: AdIdParams,
        body: UpdateAdBody,
        response: { 200: ModAdResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => ({ ad: await updateAd(deps, requireAuth(request), request.params.id, request.body) }),
  )

  app.delete(
    '/api/mod/ads/:id',
    {
      config: { access: 'moderator' },
      schema: {
        summary: 'Delete an ad',
        tags: ['moderation'],
        params: AdIdParams,
        response: { 200: DeleteAdResponse, ...errors },
      },
    },
    async (request) => deleteAd(deps, requireAuth(request), request.params.id),
  )

  app.post('/api/mod/ads/image', imageUploadRoute(app, 'ads', 'Upload an ad image (multipart field image)'))
}
