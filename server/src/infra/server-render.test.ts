import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { MEMBER_HINT_COOKIE } from '../contract/values.ts'
import {
  assembleRenderedPage,
  rendersOnServer,
  SERVER_RENDER_BUNDLE,
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
export function setApiTransport(fn) { send = fn }
export function setServerSanitizer(fn) { sanitize = fn }
export async function renderPage(origin, url) {
  if (url.includes('case=throws')) throw new Error('render failed')
  if (url.includes('case=nothing')) return null
  if (url.includes('case=slow')) await new Promise((resolve) => setTimeout(resolve, ${SERVER_RENDER_TIMEOUT_MS + 1000}))
  const echo = await (await send('/api/test/visitor', {})).json()
  const description = sanitize('<p>kept</p><script>alert(1)</script><img src=x onerror=alert(2)>')
  return {
    rootHtml: '<main data-url="' + url + '" data-origin="' + origin + '">' + echo.ip + ' ' + echo.agent + ' ' + description + ' costs $& and $1</main>',
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

  it('leaves a member (the hint cookie) to the browser, whatever other cookies come with it', () => {
    expect(rendersOnServer(request(`theme=dark; ${MEMBER_HINT_COOKIE}=1`), '/')).toBe(false)
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=1`), '/browse')).toBe(false)
    expect(rendersOnServer(request('theme=dark'), '/')).toBe(true)
    expect(rendersOnServer(request(`${MEMBER_HINT_COOKIE}=`), '/')).toBe(true)
  })
})

describe('server-rendered pages', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp({
      webFiles: { 'index.html': VITE_INDEX_HTML, [SERVER_RENDER_BUNDLE]: FAKE_BUNDLE },
      setup: (app) => {
        // What the render's API calls arrive with: the visitor's address and browser, not the server's.
        app.get('/api/test/visitor', { config: { access: 'public' } }, async (request) => ({
          ip: request.ip,
          agent: request.headers['user-agent'] ?? '',
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
      `<div id="root"><main data-url="/" data-origin="${t.config.publicOrigin}">203.0.113.7 ${BROWSER} `,
    )
    expect(res.body).toContain('<script type="application/json" id="bashboard-server-state">{"n":1}</script>')
    expect(res.body).toContain('data-entry="/assets/index-AbC123.js"')
    expect(res.body).not.toContain('modulepreload')
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

  it('sends a member the page as it is', async () => {
    const res = await navigate('/', { cookie: `${MEMBER_HINT_COOKIE}=1` })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(VITE_INDEX_HTML)
  })

  it('sends the page as it is when the render fails, finds nothing or is too slow', async () => {
    for (const which of ['throws', 'nothing']) {
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

  it('sends every page as it is', async () => {
    for (const url of ['/', '/browse']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': BROWSER },
      })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(VITE_INDEX_HTML)
    }
  })
})
