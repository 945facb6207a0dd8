import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { PostDetailResponse, SearchResponse } from '../../contract/posts.ts'
import {
  PROGRAM_NAME_MAX_LENGTH,
  PROGRAM_PAGE_SIZE,
  ProgramListResponse,
  ProgramParams,
  ProgramQuery,
  ProgramResponse,
} from '../../contract/programs.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { BadRequestError, NotFoundError } from '../../lib/errors.ts'
import { MOVED_CACHE_CONTROL, MOVED_STATUS, movedLocation, postPath } from '../../lib/old-addresses.ts'
import { viewerKey } from '../posts/service.ts'
import { injectHead, type PageHead, SITE_NAME } from '../site/service.ts'
import { createProgramCaches } from './caches.ts'
import { TEXT_SWITCHES, terminalAnswer } from './negotiate.ts'
import { browseQuery } from './presenter/browse.ts'
import {
  renderHelp,
  renderList,
  renderPost,
  renderProgram,
  renderSearch,
  renderUnknownPage,
  renderUnknownPost,
  renderUnknownProgram,
} from './presenter/render.ts'
import { PLAIN } from './presenter/text.ts'
import { isReservedName } from './reserved.ts'
import {
  getProgram,
  listPrograms,
  readPost,
  readProgramPage,
  searchCommands,
  suggestPrograms,
  TEXT_SEARCH_LIMIT,
  type TerminalDeps,
  unknownProgramMessage,
} from './service.ts'
import { parseSearch } from './site-query.ts'
import { siteTextRoutes } from './site-routes.ts'
import { createTextReplies } from './text-reply.ts'

// The CLI is a workspace of the repository; the help page names it only when it ships alongside.
const CLI_AVAILABLE = existsSync(new URL('../../../../cli/package.json', import.meta.url))

// The program segment as the router matches it: a name that could be a program, never a file
// (`/favicon.ico` has a dot and falls through to the static files).
const PROGRAM_ROUTE = '/:program(^[A-Za-z0-9][A-Za-z0-9+_-]*$)'

/** Query of the text pages: display options only; anything else is ignored, as curl users type freely. */
const TextQuery = Type.Object(
  { page: Type.Optional(Type.String({ maxLength: 6 })), ...TEXT_SWITCHES },
  { additionalProperties: true },
)

const HelpResponse = Type.Object({ text: Type.String() })

/** A page number from the query: a whole number from 1 to 10,000, else 1. */
function pageOf(raw: string | undefined): number {
  const page = /^\d{1,5}$/.test(raw ?? '') ? Number(raw) : 1
  return page >= 1 && page <= 10_000 ? page : 1
}

/**
 * The plain-text interface (`curl <site>/tar`, `/~words`, `/:list`, `/:help`, `/post/<slug>`) and the
 * program pages' JSON (`/api/programs`). Each text URL answers text, JSON (`?json`) or, to a browser,
 * the web app exactly as before (negotiate.ts decides). Names the web app or its files use are
 * reserved (reserved.ts): for them these routes step aside to the not-found handler, which serves the
 * web app and static files as it always did. The site's own pages (`/leaderboard`, `/browse`, `/blog`,
 * `/login`, …) answer text and JSON too, in site-routes.ts.
 */
export const terminalRoutes = modulePlugin('terminal', [AFTER_WRITES_PLUGIN], async (app) => {
  const { config } = app
  const programCaches = config.pageCache ? createProgramCaches(app.live) : null
  if (programCaches) app.addHook('onClose', async () => programCaches.close())
  const deps: TerminalDeps = {
    db: app.db,
    live: app.live,
    memberMarks: app.memberMarks,
    pageCaches: app.postPageCaches,
    programCaches,
    website: {
      db: app.db,
      live: app.live,
      memberMarks: app.memberMarks,
      leaderboard: app.leaderboard,
      pageCaches: app.postPageCaches,
      searchIndex: app.searchIndex,
    },
    posts: {
      db: app.db,
      live: app.live,
      memberMarks: app.memberMarks,
      events: app.domainEvents,
      views: app.viewCounter,
      pageCaches: app.postPageCaches,
    },
  }
  const origin = config.publicOrigin
  const routeConfig = { access: 'public', tokenScope: 'read' } as const

  const texts = createTextReplies(app, origin)
  const { contextOf, refuse, sendText, withinLimit } = texts

  // The site's own pages (/leaderboard, /browse, /blog, /u/<name>, …), read through their modules.
  await app.register(siteTextRoutes, {
    texts,
    deps: {
      leaderboard: app.leaderboard,
      live: app.live,
      website: deps.website,
      blogs: { db: app.db, live: app.live, files: app.files },
      people: {
        db: app.db,
        live: app.live,
        memberMarks: app.memberMarks,
        events: app.domainEvents,
        origin,
      },
    },
  })

  // The built index.html with a program page's head: its status tells crawlers whether it exists.
  async function sendProgramWebPage(request: FastifyRequest, reply: FastifyReply, program: string) {
    const indexPath = join(config.webDistDir, 'index.html')
    // Without a build, the not-found handler explains how to make one.
    if (!existsSync(indexPath)) return reply.callNotFound()
    const found = await readProgramPage(deps, program).catch((error: unknown) => {
      request.log.warn({ err: error }, 'program page unavailable')
      return undefined
    })
    const name = program.toLowerCase()
    const head: PageHead =
      found === null
        ? {
            status: 404,
            title: `No commands use ${name} | ${SITE_NAME}`,
            canonical: null,
            meta: [['robots', 'noindex']],
          }
        : {
            status: 200,
            title: `${name} commands | ${SITE_NAME}`,
            canonical: `${origin}/${encodeURIComponent(name)}`,
            meta: [
              ['description', `The Bashboard community's best ${name} commands, ranked by votes.`],
              ['og:site_name', SITE_NAME],
              ['og:title', `${name} commands`],
              ['og:url', `${origin}/${encodeURIComponent(name)}`],
            ],
          }
    const html = await readFile(indexPath, 'utf8')
    return reply
      .status(head.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept, User-Agent')
      .type('text/html; charset=utf-8')
      .send(injectHead(html, head))
  }

  app.get(
    PROGRAM_ROUTE,
    {
      config: routeConfig,
      // Checked below for text and JSON only: a browser's odd address still gets the web app.
      attachValidation: true,
      schema: {
        params: Type.Object({ program: Type.String({ maxLength: 200 }) }),
        querystring: TextQuery,
        response: { 200: ProgramResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { program } = request.params
      if (isReservedName(program)) return reply.callNotFound()
      const answer = terminalAnswer(request)
      if (answer === 'web') return sendProgramWebPage(request, reply, program)
      if (!(await withinLimit(request, reply, answer === 'text'))) return reply
      if (request.validationError) return refuse(request, reply, answer === 'text', request.validationError)
      const page = pageOf(request.query.page)
      if (program.length > PROGRAM_NAME_MAX_LENGTH) {
        if (answer === 'json') throw new NotFoundError(unknownProgramMessage(program.toLowerCase(), []))
        return sendText(reply, 404, renderUnknownProgram(contextOf(request), program.toLowerCase(), []))
      }
      if (answer === 'json') return getProgram(deps, request.auth, program, page)
      const found = await readProgramPage(deps, program, page)
      if (!found) {
        const name = program.toLowerCase()
        const suggestions = await suggestPrograms(deps, name)
        return sendText(reply, 404, renderUnknownProgram(contextOf(request), name, suggestions))
      }
      return sendText(
        reply,
        200,
        renderProgram(contextOf(request), { ...found, page, pageSize: PROGRAM_PAGE_SIZE }),
      )
    },
  )

  app.get(
    // A wildcard, not a `:words` parameter: the words may hold a `/` (`/~tar+-C+/tmp`) and be as long as
    // a URL, so every search reaches this route, and one over the limit is told the limit.
    '/~*',
    {
      config: routeConfig,
      // Checked below for text and JSON only: a browser's odd address still gets the web app.
      attachValidation: true,
      schema: {
        // The wildcard's value is the `*` parameter (TypeBox cannot name a property `*`, hence a
        // record); its length is checked by parseSearch, whose refusal says the limit.
        params: Type.Record(Type.String(), Type.String()),
        querystring: TextQuery,
        response: { 200: SearchResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      // `+` joins words as in a query string (`/~find+large`); `%20` arrives decoded already.
      const typed = (request.params['*'] ?? '').replaceAll('+', ' ').trim()
      const answer = terminalAnswer(request)
      // A browser goes to the site's own search.
      if (answer === 'web') return reply.redirect(`/browse?search=${encodeURIComponent(typed)}`, 302)
      if (!(await withinLimit(request, reply, answer === 'text'))) return reply
      if (request.validationError) return refuse(request, reply, answer === 'text', request.validationError)
      let words: string
      try {
        words = parseSearch(typed)
        if (words === '')
          throw new BadRequestError(`Write the words to search for after ~: ${origin}/~find+large`)
      } catch (error) {
        return refuse(request, reply, answer === 'text', error)
      }
      const result = await searchCommands(deps, words, request.auth)
      if (answer === 'json') return result
      return sendText(
        reply,
        200,
        renderSearch(contextOf(request), words, result.posts, result.pagination.totalPosts, {
          page: 1,
          pageSize: TEXT_SEARCH_LIMIT,
          // The next pages are the site's browse search (site-routes.ts), which reads alike.
          query: browseQuery({ search: words }),
        }),
      )
    },
  )

  // `/:list`, `/:help` and any other `/:name` (the router's `::` is a literal colon).
  app.get(
    '/:::name',
    {
      config: routeConfig,
      // Checked below for text and JSON only: a browser's odd address still gets the web app.
      attachValidation: true,
      schema: {
        params: Type.Object({ name: Type.String({ maxLength: 200 }) }),
        querystring: TextQuery,
        response: {
          200: Type.Union([ProgramListResponse, HelpResponse]),
          400: ErrorResponse,
          404: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const answer = terminalAnswer(request)
      // These pages exist for terminals; a browser gets the web app as before (its not-found screen).
      if (answer === 'web') return reply.callNotFound()
      if (!(await withinLimit(request, reply, answer === 'text'))) return reply
      if (request.validationError) return refuse(request, reply, answer === 'text', request.validationError)
      const { name } = request.params
      if (name === 'list') {
        const programs = await listPrograms(deps)
        if (answer === 'json') return { programs }
        return sendText(reply, 200, renderList(contextOf(request), programs))
      }
      if (name === 'help') {
        if (answer === 'json') return { text: renderHelp({ origin, palette: PLAIN }, CLI_AVAILABLE) }
        return sendText(reply, 200, renderHelp(contextOf(request), CLI_AVAILABLE))
      }
      if (answer === 'json') throw new NotFoundError(`There is no page ":${name}". See /:help.`)
      return sendText(reply, 404, renderUnknownPage(contextOf(request), name))
    },
  )

  app.get(
    '/post/:slug',
    {
      config: routeConfig,
      // Checked below for text and JSON only: a browser's odd address still gets the web app.
      attachValidation: true,
      schema: {
        params: Type.Object({ slug: Type.String({ maxLength: 300 }) }),
        querystring: TextQuery,
        response: { 200: PostDetailResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const answer = terminalAnswer(request)
      // Browsers keep the web app's post page with its server-rendered head (the not-found handler).
      if (answer === 'web') return reply.callNotFound()
      if (!(await withinLimit(request, reply, answer === 'text'))) return reply
      if (request.validationError) return refuse(request, reply, answer === 'text', request.validationError)
      const viewer = viewerKey(request.auth, request.ip, request.headers['user-agent'])
      try {
        const detail = await readPost(deps, request.auth, request.params.slug, viewer)
        // An old slug: the post's current address (curl -L follows), as the web app's page does.
        if ('movedTo' in detail) {
          return reply
            .header('cache-control', MOVED_CACHE_CONTROL)
            .redirect(movedLocation(postPath(detail.movedTo), request.url), MOVED_STATUS)
        }
        if (answer === 'json') return detail
        return sendText(reply, 200, renderPost(contextOf(request), detail, CLI_AVAILABLE))
      } catch (error) {
        if (answer === 'text' && error instanceof NotFoundError) {
          return sendText(reply, 404, renderUnknownPost(contextOf(request)))
        }
        throw error
      }
    },
  )

  app.get(
    '/api/programs',
    {
      config: routeConfig,
      schema: {
        summary: 'Programs with commands',
        description: 'Every program named in the tags of at least one command, with its number of commands.',
        response: { 200: ProgramListResponse },
      },
    },
    async () => ({ programs: await listPrograms(deps) }),
  )

  app.get(
    '/api/programs/:program',
    {
      config: routeConfig,
      schema: {
        summary: 'Commands using a program',
        description:
          'The commands tagged with the program, best first (score = upvotes − downvotes, then upvotes, then newest), 20 a page. An unknown program is a 404 whose message suggests near names.',
        params: ProgramParams,
        querystring: ProgramQuery,
        response: { 200: ProgramResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => getProgram(deps, request.auth, request.params.program, request.query.page ?? 1),
  )
})
