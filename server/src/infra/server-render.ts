import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CSRF_COOKIE, MEMBER_HINT_COOKIE } from '../contract/values.ts'
import { BoundedMap } from '../lib/bounded-map.ts'
import { cookieValue } from './cookies.ts'
import { type PageTheme, themeOfRequest } from './page-theme.ts'

/*
 * The first screen of the pages visitors land on most, rendered here for guests, so the browser paints
 * the page from the HTML before any JavaScript has run. The rendering is the web app's own code
 * (web/src/entry-server.tsx, built into the web build's `.ssr` folder, which is never served); its data
 * comes from this server's own API routes, called in-process. The page then starts the app after its
 * first paint (web/public/boot.js), and the app takes over the same elements (web/src/main.tsx).
 *
 * A signed-in member's page is rendered as theirs (their header, their votes and saves): the render's
 * API calls carry the request's cookies, so the API answers them as it answers the app, and their page is
 * never shared. A browser whose expiry hint says it is signed in but whose session the access hook did
 * not accept gets the page without a render (the hook's answer clears its cookies). Anything unexpected (no bundle, a failed query, a slow render) sends the page without the render,
 * which the app draws as it always has.
 */

/** A post's page: its render counts the visitor's view, so it is never shared. */
const POST_PAGE = /^\/post\/[^/]+$/

/** The pages rendered on the server: the home page, browse (with any filters) and a post's page. */
const SERVER_RENDERED_PATHS = [/^\/$/, /^\/browse$/, POST_PAGE]

/** A render slower than this is given up, and the page goes out without it. */
export const SERVER_RENDER_TIMEOUT_MS = 2000

/**
 * How long one render of a page is shared by every guest asking for it. A render costs the server about
 * 15–25 ms of CPU (bench/README.md, "Session 18"), some 40 times a cached API read, so without sharing
 * fifty guests on the home page would queue for seconds. The page's data block carries the live
 * channel's position, so the app catches up on what happened since from there. A post page is never
 * shared: rendering it counts the visitor's view.
 */
export const SERVER_RENDER_SHARE_MS = 1000

/**
 * Renders running at once. A guest arriving while this many are running gets the page without the
 * render, which the app draws as before: under load the server spends a bounded share of its time
 * rendering, and every page still goes out at the speed of a plain one.
 */
export const SERVER_RENDER_MAX_RUNNING = 4

/** The most renders kept for sharing (each distinct browse query is its own page). */
const SHARED_RENDERS_LIMIT = 200

/** Where the web build puts the server render's bundle (SERVER_RENDER_OUT_DIR in web/vite.config.ts). */
export const SERVER_RENDER_BUNDLE = join('.ssr', 'entry-server.js')

/** What the web app's server entry renders: the inside of `#root`, and the data block after it. */
export interface RenderedPage {
  rootHtml: string
  stateScript: string
}

/**
 * Why the web app's server entry did not render a page. `unexpected` marks a failure worth a warning;
 * the others (a post that is not there, a redirect) are a guest's everyday pages.
 */
export interface NotRendered {
  notRendered: string
  unexpected: boolean
}

/** The web app's server entry (web/src/entry-server.tsx). */
interface ServerRenderBundle {
  renderPage(
    origin: string,
    url: string,
    theme?: 'system' | PageTheme,
    session?: RenderSession,
  ): Promise<RenderedPage | NotRendered>
  setApiTransport(send: (path: string, init: RequestInit) => Promise<Response>): void
  setServerSanitizer(sanitize: (html: string) => string): void
}

/** The member a page is rendered for: what the app knows of the session (web/src/state/session.ts). */
export interface RenderSession {
  expiresAt: string
  csrfToken: string
}

/** Renders eligible pages into the web app's index.html. */
export interface ServerRender {
  /** The page with its first screen in it, or null when this request gets the page as it is. */
  render(request: FastifyRequest, url: string, indexHtml: string): Promise<string | null>
  /**
   * Renders the home page once and throws the result away: the first render loads the route code and
   * warms the JIT, and would otherwise fall on the first visitor, where it can miss the time limit.
   */
  warmUp(): Promise<void>
}

/**
 * The session a page is rendered for: the request's own, accepted by the access hook, with the CSRF
 * token the browser holds (the app's store starts from the same). Null for a guest.
 */
export function memberOfRequest(request: FastifyRequest): RenderSession | null {
  const auth = request.auth
  const csrfToken = cookieValue(request, CSRF_COOKIE)
  if (auth?.sessionId === undefined || !csrfToken) return null
  return { expiresAt: new Date(auth.exp * 1000).toISOString(), csrfToken }
}

/** Whether `url` (path and query) is a page rendered on the server for this request's visitor. */
export function rendersOnServer(request: FastifyRequest, url: string): boolean {
  const path = url.split('?')[0] ?? '/'
  if (!SERVER_RENDERED_PATHS.some((pattern) => pattern.test(path))) return false
  // A browser that thinks it is signed in (an unexpired hint) gets a render only as the member it is.
  const memberUntil = Number(cookieValue(request, MEMBER_HINT_COOKIE))
  const thinksSignedIn = Number.isFinite(memberUntil) && memberUntil * 1000 > Date.now()
  return !thinksSignedIn || memberOfRequest(request) !== null
}

// The app's module script and its preloads, as Vite writes them into index.html.
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="[^"]+">\n?/g
const EMPTY_ROOT = '<div id="root"></div>'
// index.html's message for a browser without JavaScript, which a rendered page can say more truly.
const NOSCRIPT_MESSAGE = /(<noscript><p[^>]*>)[^<]*(<\/p><\/noscript>)/
/** What a rendered page tells a browser without JavaScript: the page is there, its controls are not. */
export const RENDERED_NOSCRIPT_MESSAGE =
  'JavaScript is off: you can read this page, but voting, search and live updates need it.'

/**
 * index.html with the rendered page in `#root`, its data after it, its no-JavaScript message saying the
 * page can be read, and the app's module script replaced by web/public/boot.js, which loads it once the
 * page has painted. The module preloads go too: fetched up front, they compete with the page's own first
 * paint. Null when index.html is not as Vite writes it. Replacements are functions, so a `$&` in a post's
 * text is never read as a replacement pattern.
 */
export function assembleRenderedPage(indexHtml: string, page: RenderedPage): string | null {
  const entry = ENTRY_SCRIPT.exec(indexHtml)
  if (!entry || !indexHtml.includes(EMPTY_ROOT)) return null
  const boot = `<script defer src="/boot.js" data-entry="${entry[1]}"></script>`
  return indexHtml
    .replace(ENTRY_SCRIPT, () => boot)
    .replace(MODULE_PRELOAD, () => '')
    .replace(EMPTY_ROOT, () => `<div id="root">${page.rootHtml}</div>${page.stateScript}`)
    .replace(
      NOSCRIPT_MESSAGE,
      (_message, open: string, close: string) => `${open}${RENDERED_NOSCRIPT_MESSAGE}${close}`,
    )
}

/**
 * The server render of the build in `webDistDir`, or null when the build has no server bundle (a build
 * from before it existed, or none). The bundle's API calls go through `app.inject` with the visitor's
 * address and user agent (a post page's view is counted for them, once), and descriptions are cleaned
 * by `sanitize`, the server's own rich-text sanitiser.
 */
export async function loadServerRender(
  app: FastifyInstance,
  opts: { webDistDir: string; publicOrigin: string; sanitize: (html: string) => string },
): Promise<ServerRender | null> {
  const bundlePath = join(opts.webDistDir, SERVER_RENDER_BUNDLE)
  if (!existsSync(bundlePath)) return null
  const bundle = (await import(pathToFileURL(bundlePath).href)) as ServerRenderBundle
  const visitor = new AsyncLocalStorage<{ request: FastifyRequest; member: boolean }>()
  bundle.setServerSanitizer(opts.sanitize)
  bundle.setApiTransport(async (path) => {
    const { request, member } = visitor.getStore() ?? { request: undefined, member: false }
    const userAgent = request?.headers['user-agent']
    const cookie = member ? request?.headers.cookie : undefined
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: {
        accept: 'application/json',
        ...(userAgent ? { 'user-agent': userAgent } : {}),
        // A member's render reads as the member: the session cookie signs its API calls in.
        ...(cookie ? { cookie } : {}),
      },
      remoteAddress: request?.ip ?? '127.0.0.1',
    })
    const body = response.statusCode === 204 ? null : response.rawPayload
    return new Response(body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    })
  })

  const timedOut = Symbol('timed out')
  let running = 0
  /**
   * One render, with a time limit; null when it fails, finds nothing or is too slow, each logged with
   * its reason (a page a guest meets every day at debug level, anything else as a warning). It counts
   * as running until the bundle is done with it, which for a render given up is after the page went out.
   */
  async function renderOnce(
    request: FastifyRequest,
    url: string,
    theme: PageTheme | null,
    member: RenderSession | null,
  ) {
    running += 1
    const rendering = visitor.run({ request, member: member !== null }, () =>
      bundle.renderPage(opts.publicOrigin, url, theme ?? 'system', member ?? undefined),
    )
    const done = () => {
      running -= 1
    }
    rendering.then(done, done)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<typeof timedOut>((resolve) => {
      timer = setTimeout(() => resolve(timedOut), SERVER_RENDER_TIMEOUT_MS)
    })
    try {
      const page = await Promise.race([rendering, timeout])
      if (page === timedOut) {
        request.log.warn(
          { url },
          `server render took over ${SERVER_RENDER_TIMEOUT_MS} ms; the page goes out without it`,
        )
        return null
      }
      if ('notRendered' in page) {
        request.log[page.unexpected ? 'warn' : 'debug'](
          { url, reason: page.notRendered },
          'page not rendered on the server; it goes out without it',
        )
        return null
      }
      return page
    } catch (error) {
      request.log.warn({ err: error, url }, 'server render failed; the page goes out without it')
      return null
    } finally {
      clearTimeout(timer)
    }
  }

  // Renders shared between guests, by page and theme: running ones too, so guests arriving together
  // wait for one render instead of starting one each.
  // Past the limit, the least recently asked for goes.
  const shared = new BoundedMap<{ until: number; page: Promise<RenderedPage | null> }>({
    maxEntries: SHARED_RENDERS_LIMIT,
  })

  return {
    async render(request, url, indexHtml) {
      const theme = themeOfRequest(request)
      const member = memberOfRequest(request)
      // A member's page holds their marks; a post page counts a view: neither is shared.
      const sharable = member === null && !POST_PAGE.test(url.split('?')[0] ?? '')
      const key = `${theme ?? 'system'} ${url}`
      const now = Date.now()
      let entry = sharable ? shared.get(key) : undefined
      if (entry && entry.until < now) {
        shared.delete(key)
        entry = undefined
      }
      if (!entry) {
        if (running >= SERVER_RENDER_MAX_RUNNING) {
          request.log.debug(
            { url, running },
            `${SERVER_RENDER_MAX_RUNNING} renders already running; the page goes out without one`,
          )
          return null
        }
        const page = renderOnce(request, url, theme, member)
        entry = { until: now + SERVER_RENDER_SHARE_MS, page }
        if (sharable) {
          shared.set(key, entry)
          // A failed render is not shared: the next guest tries again.
          void page.then((rendered) => {
            if (rendered === null && shared.peek(key) === entry) shared.delete(key)
          })
        }
      }
      const page = await entry.page
      return page ? assembleRenderedPage(indexHtml, page) : null
    },
    async warmUp() {
      await bundle.renderPage(opts.publicOrigin, '/').catch((error: unknown) => {
        app.log.warn({ err: error }, 'server render warm-up failed')
      })
    },
  }
}
