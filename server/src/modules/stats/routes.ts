import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { StatsResponse } from '../../contract/stats.ts'
import { getPlatformStats } from './service.ts'

/** GET /api/website/stats: the platform stats with the `stats` topic's live id. */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/website/stats',
    {
      config: { access: 'public' },
      schema: { response: { 200: StatsResponse, 503: ErrorResponse } },
    },
    async () => {
      // The id is read first: an event published between the two reads is then replayed, not lost.
      const liveId = await app.live.currentId('stats')
      const stats = await getPlatformStats(app.db)
      return { ...stats, liveId }
    },
  )
}
