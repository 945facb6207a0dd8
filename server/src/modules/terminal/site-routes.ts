import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type TObject, type TString, Type } from 'typebox'
import { BlogDetailResponse, BlogListResponse, BlogSlugParams } from '../../contract/blogs.ts'
import { CollectionDetail, CollectionSlugParams } from '../../contract/collections.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { LeaderboardResponse } from '../../contract/leaderboard.ts'
import { PublicProfileParams, PublicProfileResponse } from '../../contract/profiles.ts'
import { BrowseResponse, MAX_FILTER_TAGS } from '../../contract/website.ts'
import { viewerKey } from '../posts/service.ts'
import { TEXT_SWITCHES, terminalAnswer } from './negotiate.ts'
import { renderArticle, renderBlogList } from './presenter/blog.ts'
import { renderBrowse, renderUnknownCategory } from './presenter/browse.ts'
import { renderLeaderboard } from './presenter/leaderboard.ts'
import { renderCollection, renderMember } from './presenter/people.ts'
import type { RenderContext } from './presenter/render.ts'
import { browserPageNote, renderBrowserPage } from './presenter/site-page.ts'
import { BROWSER_PAGES } from './site-pages.ts'
import { QUERY_VALUE_MAX_LENGTH } from './site-query.ts'
import {
  readArticle,
  readBlogList,
  readBrowse,
  readCollection,
  readLeaderboard,
  readMember,
  type SitePagesDeps,
} from './site-service.ts'
import type { TextReplies } from './text-reply.ts'

/** What one site page answers: JSON as the API has it, or text (with its status). */
interface SiteAnswer {
  json: unknown
  text(ctx: RenderContext): string
  status?: number
}

// Values are strings as typed (site-query.ts reads them), bounded so nothing huge reaches a read.
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }))
const PageQuery = Type.Object({ page: text(12), ...TEXT_SWITCHES }, { additionalProperties: true })
const LeaderboardTextQuery = Type.Object(
  { period: text(20), ...TEXT_SWITCHES },
  { additionalProperties: true },
)
const BrowseTextQuery = Type.Object(
  {
    page: text(12),
    // Checked by site-query.ts `parseSearch`, which says the limit.
    search: text(QUERY_VALUE_MAX_LENGTH),
    category: text(100),
    sort: text(20),
    tags: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 400 }),
        Type.Array(Type.String({ maxLength: 400 }), { maxItems: MAX_FILTER_TAGS }),
      ]),
    ),
    from: text(20),
    to: text(20),
    hasPlaceholders: text(10),
    hasWarning: text(10),
    minScore: text(12),
    ...TEXT_SWITCHES,
  },
  { additionalProperties: true },
)
const BrowserPageResponse = Type.Object({
  title: Type.String(),
  url: Type.String(),
  instead: Type.Union([Type.Object({ note: Type.String(), url: Type.String() }), Type.Null()]),
  help: Type.String(),
})

/** The path parameters of a browser page's route (`:slug` → a bounded string). */
function routeParams(route: string): TObject<Record<string, TString>> | undefined {
  const names = [...route.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '')
  if (names.length === 0) return undefined
  return Type.Object(Object.fromEntries(names.map((name) => [name, Type.String({ maxLength: 300 })])))
}

/**
 * The site's own pages for curl and friends: `/leaderboard`, `/browse`, `/blog`, `/blog/<slug>`,
 * `/u/<name>`, `/c/<name>/<slug>` as text (or the API's JSON with `?json`), and every other page of the
 * web app (site-pages.ts) as a note with its address for a browser. Browsers get the web app exactly
 * as before: these routes hand them to the not-found handler, which serves it. Their queries are
 * checked only for text and JSON answers, so a browser's odd query reaches the web app, which forgives it.
 */
export const siteTextRoutes: FastifyPluginAsyncTypebox<{ deps: SitePagesDeps; texts: TextReplies }> = async (
  app,
  { deps, texts },
) => {
  const origin = app.config.publicOrigin
  const config = { access: 'public', tokenScope: 'read' } as const
  const refusals = { 400: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse }

  async function respond(request: FastifyRequest, reply: FastifyReply, read: () => Promise<SiteAnswer>) {
    const answer = terminalAnswer(request)
    if (answer === 'web') return reply.callNotFound()
    if (!(await texts.withinLimit(request, reply, answer === 'text'))) return reply
    try {
      if (request.validationError) throw request.validationError
      const found = await read()
      if (answer === 'json') return reply.send(found.json)
      return texts.sendText(reply, found.status ?? 200, found.text(texts.contextOf(request)))
    } catch (error) {
      return texts.refuse(request, reply, answer === 'text', error)
    }
  }

  app.get(
    '/leaderboard',
    {
      config,
      attachValidation: true,
      schema: { querystring: LeaderboardTextQuery, response: { 200: LeaderboardResponse, ...refusals } },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const board = await readLeaderboard(deps, request.query.period)
        return { json: board, text: (ctx) => renderLeaderboard(ctx, board) }
      }),
  )

  app.get(
    '/browse',
    {
      config,
      attachValidation: true,
      schema: { querystring: BrowseTextQuery, response: { 200: BrowseResponse, ...refusals } },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const read = await readBrowse(deps, request.auth, request.query)
        // The API answers an unknown category with an empty page; the text says which ones exist.
        if (read.category === null) {
          const key = read.params.category
          return {
            json: read.response,
            status: 404,
            text: (ctx) => renderUnknownCategory(ctx, key, read.response.categories),
          }
        }
        return { json: read.response, text: (ctx) => renderBrowse(ctx, read) }
      }),
  )

  app.get(
    '/blog',
    {
      config,
      attachValidation: true,
      schema: { querystring: PageQuery, response: { 200: BlogListResponse, ...refusals } },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const list = await readBlogList(deps, request.query.page)
        return { json: list, text: (ctx) => renderBlogList(ctx, list) }
      }),
  )

  app.get(
    '/blog/:slug',
    {
      config,
      attachValidation: true,
      schema: {
        params: BlogSlugParams,
        querystring: PageQuery,
        response: { 200: BlogDetailResponse, ...refusals },
      },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const viewer = viewerKey(request.auth, request.ip, request.headers['user-agent'])
        const article = await readArticle(deps, request.params.slug, viewer)
        return { json: article, text: (ctx) => renderArticle(ctx, article.blog) }
      }),
  )

  app.get(
    '/u/:username',
    {
      config,
      attachValidation: true,
      schema: {
        params: PublicProfileParams,
        querystring: PageQuery,
        response: { 200: PublicProfileResponse, ...refusals },
      },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const profile = await readMember(deps, request.params.username, request.query.page)
        return { json: profile, text: (ctx) => renderMember(ctx, profile) }
      }),
  )

  app.get(
    '/c/:username/:slug',
    {
      config,
      attachValidation: true,
      schema: {
        params: CollectionSlugParams,
        querystring: PageQuery,
        response: { 200: CollectionDetail, ...refusals },
      },
    },
    (request, reply) =>
      respond(request, reply, async () => {
        const { username, slug } = request.params
        const collection = await readCollection(deps, request.auth, username, slug)
        return { json: collection, text: (ctx) => renderCollection(ctx, collection) }
      }),
  )

  for (const page of BROWSER_PAGES) {
    const params = routeParams(page.route)
    app.get(
      page.route,
      {
        config,
        attachValidation: true,
        schema: {
          ...(params ? { params } : {}),
          querystring: PageQuery,
          response: { 200: BrowserPageResponse, ...refusals },
        },
      },
      (request, reply) =>
        respond(request, reply, async () => {
          const path = request.url.split('?')[0] ?? page.route
          const note = browserPageNote(origin, page, path, request.params as Record<string, string>)
          return { json: note, text: (ctx) => renderBrowserPage(ctx, note) }
        }),
    )
  }
}
