import { ErrorResponse } from '../../contract/common.ts'
import {
  LeaderboardQuery,
  LeaderboardResponse,
  WebsiteLeaderboardResponse,
} from '../../contract/leaderboard.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { readLeaderboardPage } from './service.ts'

/** The public leaderboards: the seed's plain array, and the page's board with stats and live id. */
export const leaderboardRoutes = modulePlugin('leaderboard', [AFTER_WRITES_PLUGIN], async (app) => {
  app.get(
    '/api/website/leaderboard',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        querystring: LeaderboardQuery,
        response: { 200: WebsiteLeaderboardResponse, 400: ErrorResponse },
      },
    },
    async (request) => (await app.leaderboard.get(request.query.period ?? 'all')).entries,
  )

  app.get(
    '/api/leaderboard',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: { querystring: LeaderboardQuery, response: { 200: LeaderboardResponse, 400: ErrorResponse } },
    },
    async (request) =>
      readLeaderboardPage({ leaderboard: app.leaderboard, live: app.live }, request.query.period ?? 'all'),
  )
})
