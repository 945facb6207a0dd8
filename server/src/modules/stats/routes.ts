import { ErrorResponse } from '../../contract/common.ts'
import { StatsResponse } from '../../contract/stats.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { getPlatformStats } from './service.ts'

/** GET /api/website/stats: the platform stats with the `stats` topic's live id. */
export const statsRoutes = modulePlugin('stats', [AFTER_WRITES_PLUGIN], async (app) => {
  app.get(
    '/api/website/stats',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: { response: { 200: StatsResponse, 503: ErrorResponse } },
    },
    async () => {
      // The id is read first: an event published between the two reads is then replayed, not lost.
      const liveId = await app.live.currentId('stats')
      const stats = await getPlatformStats(app.db)
      return { ...stats, liveId }
    },
  )
})
