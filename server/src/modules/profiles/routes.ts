import { ErrorResponse } from '../../contract/common.ts'
import { PublicProfileParams, PublicProfileQuery, PublicProfileResponse } from '../../contract/profiles.ts'
import {
  USER_SUGGESTIONS_PER_MINUTE,
  UserSuggestQuery,
  UserSuggestResponse,
} from '../../contract/user-suggestions.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { getPublicProfile, type ProfilesDeps, suggestUsers } from './service.ts'

/** Members' public profiles (`/u/<username>` in the web app), and finding members by name for `@`. */
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

  app.get(
    '/api/users/suggest',
    {
      config: {
        access: 'public',
        tokenScope: 'read',
        // Per route and client address (the plugin's default key): anyone may call it, so it is braked
        // like the other public lookups a script could loop over.
        rateLimit: { max: USER_SUGGESTIONS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['people'],
        summary: 'Members whose usernames start with a prefix (the comment box’s @ suggestions)',
        querystring: UserSuggestQuery,
        response: { 200: UserSuggestResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => suggestUsers(deps, request.query.prefix),
  )
})
