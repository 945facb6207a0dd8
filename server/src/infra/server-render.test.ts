import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { createUser } from '../../test/factories.ts'
import { signInBrowser } from '../../test/web-session.ts'
import { MEMBER_HINT_COOKIE, THEME_COOKIE } from '../contract/values.ts'
import {
  assembleRenderedPage,
  RENDERED_NOSCRIPT_MESSAGE,
  rendersOnServer,
  SERVER_RENDER_BUNDLE,
  SERVER_RENDER_MAX_RUNNING,
  SERVER_RENDER_SHARE_MS,
  SERVER_RENDER_TIMEOUT_MS,
} from './server-render.ts'

/** index.html as Vite writes it: the entry module, its preloads and an empty root. */
const VITE_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Bashboard</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/link-Xy9.js">
    <link rel="modulepreload" crossorigin href="/assets/icons-initial-Q1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Css1.css">
  </head>
  <body>
    <noscript><p class="banner">Bashboard needs JavaScript to run.</p></noscript>
    <div id="root"></div>
  </body>
</html>
`

/**
 * A stand-in for the web build's server entry (web/src/entry-server.tsx), with its interface: it reads
 * one API route through the transport it is handed, cleans a description with the sanitiser it is
 * handed, and puts text with replacement-pattern characters in the page. `?case=` picks a failure.
 */
const FAKE_BUNDLE = `
let send
let sanitize
let renders = 0
export function setApiTransport(fn) { send = fn }
export function setServerSanitizer(fn) { sanitize = fn }
export async function renderPage(origin, url, theme, session) {
  if (url.includes('case=throws')) throw new Error('render failed')
  if (url.includes('case=nothing')) return { notRendered: 'route /post/$slug notFound', unexpected: false }
  if (url.includes('case=failed')) return { notRendered: 'query ["website"] failed: boom', unexpected: true }
  if (url.includes('case=slow')) await new Promise((resolve) => setTimeout(resolve, ${SERVER_RENDER_TIMEOUT_MS + 1000}))
  if (url.includes('case=busy')) await new Promise((resolve) => setTimeout(resolve, 300))
  renders += 1
  const echo = await (await send('/api/test/visitor', {})).json()
  const description = sanitize('<p>kept</p><script>alert(1)</script><img src=x onerror=alert(2)>')
  return {
    rootHtml: '<main data-url="' + url + '" data-origin="' + origin + '" data-theme-choice="' + theme + '" data-render="' + renders + '" data-member="' + (session ? session.csrfToken + ' ' + session.expiresAt : '') + '">' + echo.ip + ' ' + echo.agent + ' ' + (echo.user ?? 'guest') + ' ' + description + ' costs $& and $1</main>',
    stateScript: '<script type="application/json" id="bashboard-server-state">{"n":1}</script>',
  }
}
`

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36'

describe('assembleRenderedPage', () => {
  const page = {
    rootHtml: '<p>echo $& $1 $$</p>',
    stateScript: '<script type="application/json" id="s">{}</script>',
  }

  it('fills the root, puts the data after it and starts the app from boot.js without preloads', () => {
    const html = assembleRenderedPage(VITE_INDEX_HTML, page)
    expect(html).toContain(
      '<div id="root"><p>echo $& $1 $$</p></div><script type="application/json" id="s">{}</script>',
    )
    expect(html).toContain('<script defer src="/boot.js" data-entry="/assets/index-AbC123.js"></script>')
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('modulepreload')
    // The stylesheet stays: the server's HTML needs it to paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Css1.css">')
    // Without JavaScript the page is readable, and its message says so.
    expect(html).toContain(`<noscript><p class="banner">${RENDERED_NOSCRIPT_MESSAGE}</p></noscript>`)
    expect(html).not.toContain('needs JavaScript to run')
  })

  it('gives up on an index.html that is not as Vite writes it', () => {
    expect(assembleRenderedPage('<html><body><div id="root"></div></body></html>', page)).toBeNull()
    expect(assembleRenderedPage(VITE_INDEX_HTML.replace('<div id="root"></div>', ''), page)).toBeNull()
  })
})

describe('rendersOnServer', () => {
  const request = (cookie?: string) =>
    ({ headers: cookie === undefined ? {} : { cookie } }) as Parameters<typeof rendersOnServer>[0]

  it('renders the home page, browse and post pages for guests', () => {
    for (const url of ['/', '/browse', '/browse?search=tar&page=2', '/post/find-big-files']) {
      expect(rendersOnServer(request(), url)).toBe(true)
    }
  })

  it('leaves every other page to the browser', () => {
    for (const url of [
      '/settings',
      '/post/find-big-files/edit',
      '/post/',
      '/leaderboard',
      '/browse/x',
      '/tar',
    ]) {
      expect(rendersOnServer(request(), url)).toBe(false)
    }
  })

  it('leaves a member (an unexpired session hint) to the browser, whatever other cookies come with it', () => {
    const until = Math.floor(Date.now() / 1000) + 600
    expect(rendersOnServer(request(`theme=dark; ${MEMBER_HINT_COOKIE}=${until}`), '/')).toBe(false)
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=${until}`), '/browse')).toBe(false)
    expect(rendersOnServer(request('theme=dark'), '/')).toBe(true)
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=`), '/')).toBe(true)
    // An expired session, or the hint older versions wrote, is a guest's.
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=${until - 1200}`), '/')).toBe(true)
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=1`), '/')).toBe(true)
  })
})

describe('server-rendered pages', () => {
  let t: TestApp
  /** What the app logged, as pino writes it. */
  const logged: Array<{ level: number; msg: string; url?: string; reason?: string }> = []

  beforeAll(async () => {
    t = await buildTestApp({
      logger: { level: 'debug', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
      webFiles: { 'index.html': VITE_INDEX_HTML, [SERVER_RENDER_BUNDLE]: FAKE_BUNDLE },
      setup: (app) => {
        // What the render's API calls arrive with: the visitor's address and browser, not the server's.
        app.get('/api/test/visitor', { config: { access: 'public' } }, async (request) => ({
          ip: request.ip,
          agent: request.headers['user-agent'] ?? '',
          user: request.auth?.username ?? null,
        }))
      },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const navigate = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '203.0.113.7',
      headers: { accept: 'text/html', 'user-agent': BROWSER, ...headers },
    })

  it('sends a guest the home page rendered, its API calls made as the visitor', async () => {
    const res = await navigate('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(String(res.headers.vary)).toContain('Cookie')
    expect(res.body).toContain(
      `<div id="root"><main data-url="/" data-origin="${t.config.publicOrigin}" data-theme-choice="system" data-render="`,
    )
    expect(res.body).toContain(`">203.0.113.7 ${BROWSER} `)
    expect(res.body).toContain('<script type="application/json" id="bashboard-server-state">{"n":1}</script>')
    expect(res.body).toContain('data-entry="/assets/index-AbC123.js"')
    expect(res.body).not.toContain('modulepreload')
    expect(res.body).toContain('<html lang="en">')
  })

  it("renders in the visitor's chosen theme, the page's palette and the render's toggle alike", async () => {
    const res = await navigate('/', { cookie: `other=1; ${THEME_COOKIE}=light` })
    expect(res.body).toContain('<html lang="en" data-theme="light">')
    expect(res.body).toContain('data-theme-choice="light"')
    // A value the client never writes is ignored: the page follows the system.
    const odd = await navigate('/', { cookie: `${THEME_COOKIE}=x"><script>` })
    expect(odd.body).toContain('<html lang="en">')
    expect(odd.body).toContain('data-theme-choice="system"')
    expect(odd.body).not.toContain('<script>"')
  })

  it("cleans descriptions with the server's sanitiser and keeps replacement characters as text", async () => {
    const res = await navigate('/browse?search=tar')
    expect(res.body).toContain('data-url="/browse?search=tar"')
    expect(res.body).toContain('<p>kept</p>')
    expect(res.body).not.toContain('<script>alert')
    expect(res.body).not.toContain('onerror')
    expect(res.body).toContain('costs $& and $1</main>')
  })

  it('renders a post page for a guest', async () => {
    const res = await navigate('/post/some-slug')
    // No such post: the page's head says 404, and the render still fills the page the app will show.
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('data-url="/post/some-slug"')
  })

  it('renders a signed-in member’s page as theirs, never shared, and private', async () => {
    const member = await createUser(t.db)
    const browser = await signInBrowser(t.app, member)
    const first = await navigate('/', { cookie: browser.cookie })
    expect(first.statusCode).toBe(200)
    // The render's API calls were the member's, and the app's store starts with their session.
    expect(first.body).toContain(` ${member.username} <p>kept</p>`)
    expect(first.body).toMatch(new RegExp(`data-member="${browser.csrf} \\d{4}-`))
    expect(first.headers['cache-control']).toBe('private, no-cache')
    // A guest asking at once gets a guest's render, not the member's.
    const guest = await navigate('/')
    expect(guest.body).toContain(' guest <p>kept</p>')
    expect(guest.body).not.toContain(member.username)
  })

  it('sends a browser whose hint outlived its session the page as it is', async () => {
    const until = Math.floor(Date.now() / 1000) + 600
    const res = await navigate('/', { cookie: `${MEMBER_HINT_COOKIE}=${until}` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(VITE_INDEX_HTML)
  })

  it('sends the page as it is when the render fails, finds nothing or is too slow', async () => {
    for (const which of ['throws', 'nothing', 'failed']) {
      const res = await navigate(`/browse?case=${which}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(VITE_INDEX_HTML)
    }
    const started = Date.now()
    const slow = await navigate('/browse?case=slow')
    expect(slow.statusCode).toBe(200)
    expect(slow.body).toBe(VITE_INDEX_HTML)
    expect(Date.now() - started).toBeLessThan(SERVER_RENDER_TIMEOUT_MS + 900)
  })

  it('logs why a page went out without its render: a warning for a failure, debug for an everyday page', async () => {
    const logFor = (url: string) => logged.find((entry) => entry.url === url)
    await navigate('/browse?case=failed&n=logged')
    expect(logFor('/browse?case=failed&n=logged')).toMatchObject({
      level: 40,
      reason: 'query ["website"] failed: boom',
    })
    await navigate('/browse?case=nothing&n=logged')
    expect(logFor('/browse?case=nothing&n=logged')).toMatchObject({
      level: 20,
      reason: 'route /post/$slug notFound',
    })
  })

  const renderOf = (body: string) => /data-render="(\d+)"/.exec(body)?.[1]

  it('shares one render of a page between the guests asking for it within a second, one per theme', async () => {
    const url = `/browse?search=shared-${Date.now()}`
    const [first, second] = await Promise.all([navigate(url), navigate(url)])
    expect(renderOf(first.body)).toBeDefined()
    expect(renderOf(second.body)).toBe(renderOf(first.body))
    expect(renderOf((await navigate(url)).body)).toBe(renderOf(first.body))
    // Another theme is another page.
    const light = await navigate(url, { cookie: `${THEME_COOKIE}=light` })
    expect(renderOf(light.body)).not.toBe(renderOf(first.body))
    expect(light.body).toContain('data-theme-choice="light"')
    // Once the second is over, the next guest gets a new render.
    await new Promise((resolve) => setTimeout(resolve, SERVER_RENDER_SHARE_MS + 50))
    expect(Number(renderOf((await navigate(url)).body))).toBeGreaterThan(Number(renderOf(light.body)))
  })

  it("renders a post page for every visitor (the render counts the visitor's view)", async () => {
    const first = await navigate('/post/viewed-twice')
    const second = await navigate('/post/viewed-twice')
    expect(Number(renderOf(second.body))).toBeGreaterThan(Number(renderOf(first.body)))
  })

  it(`renders at most ${SERVER_RENDER_MAX_RUNNING} pages at once; the guests beyond get the plain page`, async () => {
    const urls = Array.from(
      { length: SERVER_RENDER_MAX_RUNNING + 2 },
      (_, index) => `/browse?case=busy&n=${index}-${Date.now()}`,
    )
    const pages = await Promise.all(urls.map((url) => navigate(url)))
    expect(pages.every((res) => res.statusCode === 200)).toBe(true)
    const rendered = pages.filter((res) => res.body.includes('data-render='))
    expect(rendered).toHaveLength(SERVER_RENDER_MAX_RUNNING)
    for (const res of pages.filter((page) => !rendered.includes(page))) expect(res.body).toBe(VITE_INDEX_HTML)
    const skipped = logged.filter(
      (entry) => urls.includes(entry.url ?? '') && /already running/.test(entry.msg),
    )
    expect(skipped).toHaveLength(2)
    // Once they are done, the next guest's page is rendered again.
    expect((await navigate(`/browse?case=busy&n=after-${Date.now()}`)).body).toContain('data-render=')
  })

  it('counts a render given up for its time as running until it ends', async () => {
    const slow = Array.from({ length: SERVER_RENDER_MAX_RUNNING }, (_, index) =>
      navigate(`/browse?case=slow&n=${index}-${Date.now()}`),
    )
    // Each is sent plain once the time limit is reached, while its render goes on for another second.
    for (const res of await Promise.all(slow)) expect(res.body).toBe(VITE_INDEX_HTML)
    expect((await navigate(`/browse?case=busy&n=meanwhile-${Date.now()}`)).body).toBe(VITE_INDEX_HTML)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await navigate(`/browse?case=busy&n=later-${Date.now()}`)).body).toContain('data-render=')
  })

  it('sends a page without its render (a stale hint) and other pages in the chosen theme, with nothing else changed', async () => {
    for (const [url, cookie] of [
      ['/', `${MEMBER_HINT_COOKIE}=${Math.floor(Date.now() / 1000) + 600}; ${THEME_COOKIE}=dark`],
      ['/leaderboard', `${THEME_COOKIE}=light`],
    ] as const) {
      const res = await navigate(url, { cookie })
      expect(res.statusCode).toBe(200)
      const theme = cookie.endsWith('dark') ? 'dark' : 'light'
      expect(res.body).toBe(
        VITE_INDEX_HTML.replace('<html lang="en">', `<html lang="en" data-theme="${theme}">`),
      )
      expect(String(res.headers.vary)).toContain('Cookie')
    }
  })

  it('leaves other pages and non-page requests alone', async () => {
    expect((await navigate('/leaderboard')).body).toBe(VITE_INDEX_HTML)
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } })
    expect(api.statusCode).toBe(404)
    expect(api.headers['content-type']).toContain('application/json')
  })
})

describe('SERVER_RENDER=false', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp({
      config: { serverRender: false },
      webFiles: { 'index.html': VITE_INDEX_HTML, [SERVER_RENDER_BUNDLE]: FAKE_BUNDLE },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends every page as it is, bundle or not', async () => {
    for (const url of ['/', '/browse', '/post/some-slug']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': BROWSER },
      })
      expect(res.body).toContain('<div id="root"></div>')
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>')
      expect(res.body).not.toContain('boot.js')
    }
  })
})

describe('a web build without a server render', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp({ webFiles: { 'index.html': VITE_INDEX_HTML } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('sends every page as it is, with no warning of the process', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    for (const url of ['/', '/browse']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': BROWSER },
      })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(VITE_INDEX_HTML)
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve))
    process.off('warning', onWarning)
    expect(warnings).toEqual([])
  })
})
