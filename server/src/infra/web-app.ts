import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '@bashboard/db'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { Config } from '../config.ts'
import { MOVED_CACHE_CONTROL, MOVED_STATUS, movedLocation } from '../lib/old-addresses.ts'
import { sanitizeDescription } from '../lib/sanitize.ts'
import { replyNotFound } from './errors.ts'
import { themeOfRequest, withDocumentTheme } from './page-theme.ts'
import { loadServerRender, rendersOnServer } from './server-render.ts'

/**
 * The page metadata of a path (title, description, Open Graph tags and status), written into index.html
 * for crawlers and link previews. Handed in by app.ts from the site module (infra imports no module).
 */
export interface PageHeads {
  /**
   * The head of a page (its status, and index.html with the head in place of the default one), the
   * path a moved page is at now (`location`: a post's old slug), or null when the path has none of its own.
   */
  find(
    db: Kysely<Database>,
    origin: string,
    path: string,
  ): Promise<{ status: number; inject(indexHtml: string): string } | { location: string } | null>
}

/** Public upload folders under DATA_DIR/uploads (application documents live elsewhere, never here). */
export const UPLOAD_FOLDERS = ['avatars', 'blogs', 'ads'] as const

// Paths the web app never answers: the API, the live socket and uploaded files keep JSON 404s. Exactly
// `/api` is the web app's API documentation page, so only paths below /api are excluded.
const NOT_WEB_APP = /^\/(api\/|(ws|uploads)(\/|$))/

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bashboard</title></head>
<body><h1>Bashboard</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> (<code>npm start</code> does it for you), then reload.</p>
<p>The API is up: try <a href="/api/website/stats">/api/website/stats</a>.</p>
</body></html>
`

/** Whether a request is a browser navigation the single-page app should answer with index.html. */
export function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? '/'
  if (NOT_WEB_APP.test(path)) return false
  return (request.headers.accept ?? '').includes('text/html')
}

/**
 * Serves uploads (DATA_DIR/uploads, nosniff, sandboxed) and the built web app (WEB_DIST_DIR) with a
 * single-page-app fallback: a browser navigation to any other path gets index.html, while unknown
 * /api paths get the JSON 404. Hashed assets are cached for a year, index.html never. The build's files
 * go out pre-compressed when the client accepts it; the pages with injected metadata are compressed
 * per response by infra/compression.ts.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; pageHeads: PageHeads }) => {
    const { config } = opts
    const uploadsDir = join(config.dataDir, 'uploads')
    await Promise.all(UPLOAD_FOLDERS.map((folder) => mkdir(join(uploadsDir, folder), { recursive: true })))

    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('x-content-type-options', 'nosniff')
        // An uploaded file is never a page: even if one slipped through, it cannot run anything.
        reply.header('content-security-policy', "default-src 'none'; sandbox")
        reply.header('cache-control', 'public, max-age=3600')
      },
    })

    const hasBuild = existsSync(join(config.webDistDir, 'index.html'))
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        index: ['index.html'],
        dotfiles: 'ignore',
        // The web build writes a .br and a .gz next to every text file worth it (web/vite.config.ts);
        // the file matching the request's Accept-Encoding is sent, with `Vary: Accept-Encoding`, and the
        // plain file when there is no such sibling or the client accepts neither.
        preCompressed: true,
        setHeaders: (reply, path) => {
          const hashed = path.includes(`${join(config.webDistDir, 'assets')}`)
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    } else {
      app.log.warn({ webDistDir: config.webDistDir }, 'web app not built; run `npm run build`')
      app.get('/', { config: { access: 'public' } }, async (_request, reply) =>
        reply
          .status(503)
          .header('retry-after', '30')
          .type('text/html; charset=utf-8')
          .send(MISSING_BUILD_PAGE),
      )
    }

    const serverRender =
      hasBuild && config.serverRender
        ? await loadServerRender(app, {
            webDistDir: config.webDistDir,
            publicOrigin: config.publicOrigin,
            sanitize: sanitizeDescription,
          })
        : null
    // Not awaited: the server listens at once, and the warm-up's API calls need it ready.
    if (serverRender) app.addHook('onReady', async () => void serverRender.warmUp())
    if (hasBuild && config.serverRender && !serverRender) {
      app.log.warn(
        { webDistDir: config.webDistDir },
        'web build has no server render; pages render in the browser only',
      )
    }

    /** A browser navigation: index.html, with the path's head and, for a guest, its first screen. */
    async function sendWebPage(request: FastifyRequest, reply: FastifyReply) {
      // Post and blog pages get their title, description and Open Graph tags in the HTML itself, so
      // crawlers and link previews see them without running the app; an unknown slug is a 404, and a
      // post's old slug a redirect to its page.
      const path = request.url.split('?')[0] ?? '/'
      // Metadata is a bonus: with the database down the page still loads (and shows its own error).
      const head = await opts.pageHeads.find(app.db, config.publicOrigin, path).catch((error: unknown) => {
        request.log.warn({ err: error }, 'page metadata unavailable')
        return null
      })
      if (head && 'location' in head) {
        return reply
          .header('cache-control', MOVED_CACHE_CONTROL)
          .redirect(movedLocation(head.location, request.url), MOVED_STATUS)
      }
      const rendered = serverRender !== null && rendersOnServer(request, request.url)
      const theme = themeOfRequest(request)
      // index.html is sent as a string, never streamed: a stream's close listeners on the response, on
      // top of those each `return reply` on the way here adds (a page path goes through the terminal
      // routes' callNotFound), passed Node's MaxListenersExceededWarning limit.
      const indexHtml = withDocumentTheme(
        await readFile(join(config.webDistDir, 'index.html'), 'utf8'),
        theme,
      )
      const html = head ? head.inject(indexHtml) : indexHtml
      const page = rendered ? await serverRender.render(request, request.url, html) : null
      return (
        reply
          .status(head?.status ?? 200)
          // A member's page is theirs alone: no shared cache may keep it.
          .header('cache-control', request.auth ? 'private, no-cache' : 'no-cache')
          // The session cookie makes a member's page theirs, and the theme cookie sets its palette.
          .header('vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(page ?? html)
      )
    }

    // The home page is index.html itself, which the static files would otherwise answer.
    if (hasBuild) app.get('/', { config: { access: 'public' } }, sendWebPage)

    app.setNotFoundHandler(async (request, reply) => {
      if (!wantsWebApp(request)) return replyNotFound(request, reply)
      if (!hasBuild) {
        return reply.status(503).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE)
      }
      return sendWebPage(request, reply)
    })
  },
  { name: 'bashboard-web-app' },
)
