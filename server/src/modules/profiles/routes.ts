import { ErrorResponse } from '../../contract/common.ts'
import { PublicProfileParams, PublicProfileQuery, PublicProfileResponse } from '../../contract/profiles.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { getPublicProfile, type ProfilesDeps } from './service.ts'

/** Members' public profiles (`/u/<username>` in the web app). */
export const profilesRoutes = modulePlugin('profiles', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: ProfilesDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    events: app.domainEvents,
    origin: app.config.publicOrigin,
  }

  app.get(
    '/api/users/:username/profile',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        tags: ['people'],
        summary: "A member's public profile: their posts (paged), public collections and latest comments",
        params: PublicProfileParams,
        querystring: PublicProfileQuery,
        response: { 200: PublicProfileResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => getPublicProfile(deps, request.params.username, request.query.page ?? 1),
  )
})
