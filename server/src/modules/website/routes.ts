import { ErrorResponse } from '../../contract/common.ts'
import { SearchQuery, SearchResponse } from '../../contract/posts.ts'
import {
  BrowseQuery,
  BrowseResponse,
  TagsQuery,
  TagsResponse,
  WebsiteResponse,
} from '../../contract/website.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { browse, createTagsCache, getWebsite, listTags, search, type WebsiteDeps } from './service.ts'

/**
 * Home data, browse (with its filters and tag suggestions) and search: public, with the caller's votes
 * when signed in.
 */
export const websiteRoutes = modulePlugin('website', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: WebsiteDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    leaderboard: app.leaderboard,
    pageCaches: app.postPageCaches,
    tagsCache: app.postPageCaches ? createTagsCache() : null,
    searchIndex: app.searchIndex,
  }

  app.get(
    '/api/website',
    { config: { access: 'public', tokenScope: 'read' }, schema: { response: { 200: WebsiteResponse } } },
    async (request) => getWebsite(deps, request.auth),
  )

  app.get(
    '/api/website/browse',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        querystring: BrowseQuery,
        response: { 200: BrowseResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => browse(deps, request.auth, request.query),
  )

  app.get(
    '/api/website/tags',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: {
        querystring: TagsQuery,
        response: { 200: TagsResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => listTags(deps, request.query),
  )

  app.get(
    '/api/posts/v1/search',
    {
      config: { access: 'public', tokenScope: 'read' },
      schema: { querystring: SearchQuery, response: { 200: SearchResponse, 400: ErrorResponse } },
    },
    async (request) => search(deps, request.query, request.auth),
  )
})
