import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { PostRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  TEST_INDEX_HTML,
  TEST_RATE_LIMITS,
  type TestApp,
} from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { ProgramListResponse, ProgramResponse } from '../../contract/programs.ts'
import { isReservedName } from './reserved.ts'

const CURL = 'curl/8.5.0'
const WGET = 'Wget/1.21.3'
const HTTPIE = 'HTTPie/3.2.2'
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape characters is the point
const ESC = /\u001b/
// biome-ignore lint/suspicious/noControlCharactersInRegex: the only escapes allowed are our colours
const ANY_ESCAPE = /\u001b[^m]*?(?:m|$)|\u001b./g

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not reach the output
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: a colour escape of our own
const SGR_ONLY = /^\u001b\[\d+m$/

let t: TestApp
let author: TestUser
let tarBest: PostRow
let tarWorst: PostRow
let tarMiddle: PostRow
let evil: PostRow

async function tagged(
  fields: {
    title: string
    command: string
    tags: string[]
    up?: number
    down?: number
    description?: string
  },
  categoryId: string,
): Promise<PostRow> {
  const post = await createPost(t.db, {
    authorId: author.id,
    categoryId,
    title: fields.title,
    command: fields.command,
  })
  return t.db
    .updateTable('posts')
    .set({
      tags: fields.tags,
      uplike_count: fields.up ?? 0,
      downlike_count: fields.down ?? 0,
      ...(fields.description ? { description: fields.description } : {}),
    })
    .where('id', '=', post.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers })
}

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor', username: 'tar_author' })
  const category = await createCategory(t.db, { name: 'Archives' })
  tarMiddle = await tagged(
    { title: 'List a tarball', command: 'tar -tvf archive.tar', tags: ['tar'], up: 5, down: 1 },
    category.id,
  )
  tarBest = await tagged(
    {
      title: 'Extract a gzipped tarball',
      command: 'tar -xzvf {{archive.tar.gz}} -C <dest>',
      tags: ['tar', 'gzip'],
      up: 12,
      description:
        '<h2>Why</h2><p>Unpacks <strong>everything</strong> &amp; keeps <code>permissions</code>.</p><ul><li>first item</li><li>second item</li></ul><pre><code>tar -xzvf a.tgz\nls</code></pre><p>See <a href="https://www.gnu.org/software/tar/" rel="noopener nofollow ugc">the manual</a>.</p>',
    },
    category.id,
  )
  tarWorst = await tagged(
    {
      title: 'Create a tarball the slow way',
      command: 'tar -cvf out.tar dir',
      tags: ['tar'],
      up: 1,
      down: 4,
    },
    category.id,
  )
  await tagged(
    { title: 'Find large files', command: 'find / -size +100M -type f', tags: ['find'], up: 3 },
    category.id,
  )
  await tagged(
    { title: 'Start the stack', command: 'docker-compose up -d', tags: ['docker-compose', 'docker'], up: 2 },
    category.id,
  )
  evil = await tagged(
    {
      title: 'Evil \u001b[2J\u001b]0;pwned\u0007title\u009b31m\r\u202eend',
      command: 'echo hi \u001b[31mred\u001b[0m\u001bP1;2|payload\u001b\\ done',
      tags: ['evilprog'],
      description: '<p>Text \u001b[5mblink\u001b[0m here</p>',
    },
    category.id,
  )
  // The posts were written without the services' events: the search index reads them all.
  await t.app.searchIndex?.rebuild()
})

afterAll(async () => {
  await t?.close()
})

describe('GET /<program> as text', () => {
  it('lists the best commands using the program for curl, coloured, best first by score', async () => {
    const res = await get('/tar', { 'user-agent': CURL, accept: '*/*' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toMatch(ESC)
    const plain = res.body.replace(ANY_ESCAPE, '')
    expect(plain).toContain('tar — 3 commands')
    const order = [tarBest, tarMiddle, tarWorst].map((post) => plain.indexOf(post.title))
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(plain).toContain('▲ 12')
    expect(plain).toContain('▲ 4')
    expect(plain).toContain('▼ 3')
    expect(plain).toContain('tar -xzvf {{archive.tar.gz}} -C <dest>')
    expect(plain).toContain(`http://localhost:3000/post/${tarBest.slug}`)
    expect(plain).toContain('curl http://localhost:3000/~')
    expect(plain).not.toContain('Find large files')
  })

  it('answers Wget, HTTPie and an Accept: text/plain script with text', async () => {
    const cases: Array<Record<string, string>> = [
      { 'user-agent': WGET, accept: '*/*' },
      { 'user-agent': HTTPIE, accept: 'application/json, */*;q=0.5' },
      { 'user-agent': 'python-requests/2.31.0', accept: '*/*' },
      { 'user-agent': 'Go-http-client/1.1' },
      { accept: 'text/plain' },
      { 'user-agent': BROWSER, accept: 'text/plain, text/html;q=0.5' },
    ]
    for (const headers of cases) {
      const res = await get('/tar', headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(200)
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.body).toContain('Extract a gzipped tarball')
    }
  })

  it('colours only for terminal tools people read, and drops colours with ?T, ?nocolor or ?NO_COLOR', async () => {
    expect((await get('/tar', { accept: 'text/plain' })).body).not.toMatch(ESC)
    expect((await get('/tar', { 'user-agent': 'python-requests/2.31.0' })).body).not.toMatch(ESC)
    for (const query of ['T', 'nocolor', 'NO_COLOR', 'T=1']) {
      const res = await get(`/tar?${query}`, { 'user-agent': CURL })
      expect(res.statusCode).toBe(200)
      expect(res.body, query).not.toMatch(ESC)
      expect(res.body).toContain('# 1. Extract a gzipped tarball')
    }
  })

  it('fits 80 columns except for the commands themselves', async () => {
    const res = await get('/tar?T', { 'user-agent': CURL })
    for (const line of res.body.split('\n')) {
      if (!line.startsWith('#')) continue
      expect([...line].length, line).toBeLessThanOrEqual(80)
    }
  })

  it('answers ?json with the same data as /api/programs/<program>', async () => {
    const res = await get('/tar?json', { 'user-agent': CURL })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    const body = res.json<ProgramResponse>()
    expect(body.program).toBe('tar')
    expect(body.posts.map((post) => post._id)).toEqual([tarBest.id, tarMiddle.id, tarWorst.id])
    expect(body.pagination).toMatchObject({ page: 1, totalPosts: 3, totalPages: 1 })
    const api = await get('/api/programs/tar')
    expect(api.json<ProgramResponse>().posts.map((post) => post._id)).toEqual(
      body.posts.map((post) => post._id),
    )
  })

  it('matches program names case-insensitively and takes names with - and +', async () => {
    expect((await get('/TAR?T', { 'user-agent': CURL })).body).toContain('tar — 3 commands')
    const compose = await get('/docker-compose?T', { 'user-agent': CURL })
    expect(compose.statusCode).toBe(200)
    expect(compose.body).toContain('Start the stack')
  })

  it('answers an unknown program with 404 and typo-tolerant suggestions', async () => {
    const res = await get('/tra?T', { 'user-agent': CURL })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toContain('No commands use "tra" yet.')
    expect(res.body).toContain('curl http://localhost:3000/tar')
    const far = await get('/zzzzzzzz?T', { 'user-agent': CURL })
    expect(far.statusCode).toBe(404)
    expect(far.body).not.toContain('Did you mean')
    const api = await get('/api/programs/dokcer-compsoe')
    expect(api.statusCode).toBe(404)
    expect(api.json<{ message: string }>().message).toContain('Did you mean: docker-compose')
    const json = await get('/fnd?json', { 'user-agent': CURL })
    expect(json.statusCode).toBe(404)
    expect(json.json<{ message: string }>().message).toContain('find')
  })
})

describe('GET /<program> in a browser', () => {
  it('serves the web app with the program page head for a program with commands', async () => {
    const res = await get('/tar', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('bashboard-test-spa')
    expect(res.body).toContain('<title>tar commands | Bashboard</title>')
    expect(res.body).not.toMatch(ESC)
  })

  it('serves the web app with status 404 for a program without commands', async () => {
    const res = await get('/nosuchprogram', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('bashboard-test-spa')
    expect(res.body).toContain('noindex')
  })

  it('sends a browser opening a search to the site search', async () => {
    const res = await get('/~find%20large', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/browse?search=find%20large')
  })

  it('does not count browsers against the text budget', async () => {
    const limited = await buildTestApp({
      config: {
        rateLimit: { ...TEST_RATE_LIMITS, terminalPerMinute: 2 },
      },
    })
    try {
      const inject = (url: string, headers: Record<string, string>) => limited.app.inject({ url, headers })
      for (let i = 0; i < 5; i++) {
        expect((await inject('/tar', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })).statusCode).toBe(404)
      }
      expect((await inject('/:help', { 'user-agent': CURL })).statusCode).toBe(200)
      expect((await inject('/:list?json', { 'user-agent': CURL })).statusCode).toBe(200)
      const refused = await inject('/tar?T', { 'user-agent': CURL })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.body).toMatch(/^# Too many requests\. Try again in \d+ seconds\.\n$/)
      const json = await inject('/:list?json', { 'user-agent': CURL })
      expect(json.statusCode).toBe(429)
      expect(json.json<{ statusCode: number }>().statusCode).toBe(429)
      // The site itself is not limited by it.
      expect((await inject('/browse', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })).statusCode).toBe(
        200,
      )
    } finally {
      await limited.close()
    }
  })
})

describe('an explicit Accept: text/html', () => {
  it('gets the web app whatever the User-Agent, and is not counted against the text budget', async () => {
    const limited = await buildTestApp({
      config: {
        rateLimit: { ...TEST_RATE_LIMITS, terminalPerMinute: 2 },
      },
    })
    try {
      const owner = await createUser(limited.db, { role: 'contributor' })
      const post = await createPost(limited.db, { authorId: owner.id, title: 'Show disk usage' })
      const inject = (url: string, headers: Record<string, string>) => limited.app.inject({ url, headers })
      // Scripts and curl that ask for HTML get the page a browser gets, however often they ask.
      for (const agent of ['node', 'python-requests/2.31.0', CURL]) {
        for (const accept of ['text/html', 'text/html, text/plain;q=0.5', 'text/html, */*;q=0.1']) {
          const page = await inject(`/post/${post.slug}`, { 'user-agent': agent, accept })
          expect(page.statusCode, `${agent} ${accept}`).toBe(200)
          expect(page.headers['content-type'], `${agent} ${accept}`).toBe('text/html; charset=utf-8')
          expect(page.body, `${agent} ${accept}`).toContain('bashboard-test-spa')
        }
      }
      // The text budget (2) is untouched: both text answers still go out, the third is refused.
      for (const accept of ['*/*', 'text/plain, text/html;q=0.5']) {
        const text = await inject(`/post/${post.slug}?T`, { 'user-agent': 'node', accept })
        expect(text.statusCode, accept).toBe(200)
        expect(text.headers['content-type'], accept).toBe('text/plain; charset=utf-8')
        expect(text.body, accept).toContain('# Show disk usage')
      }
      expect((await inject(`/post/${post.slug}?T`, { 'user-agent': 'node' })).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('GET /~<words>', () => {
  it('searches with words joined by %20 or +', async () => {
    for (const url of ['/~find%20large', '/~find+large']) {
      const res = await get(`${url}?T`, { 'user-agent': CURL })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.body).toContain('Search "find large"')
      expect(res.body).toContain('Find large files')
      expect(res.body).toContain('find / -size +100M -type f')
    }
  })

  it('says so when nothing matches, and answers ?json with search results', async () => {
    const none = await get('/~qqqqwwwwzzzz?T', { 'user-agent': CURL })
    expect(none.statusCode).toBe(200)
    expect(none.body).toContain('No commands match "qqqqwwwwzzzz"')
    const json = await get('/~find+large?json', { 'user-agent': CURL })
    expect(json.json<{ posts: Array<{ title: string }> }>().posts[0]?.title).toBe('Find large files')
  })

  it('searches up to 200 characters and refuses longer searches as text naming the limit', async () => {
    // Words of five letters joined by +: `find+` first, so the short ones still find something.
    const wordsOf = (length: number) => `find+${'large+'.repeat(length)}`.slice(0, length)
    for (const length of [101, 200, 201, 255, 256, 1000, 5000, 20_000]) {
      const words = wordsOf(length)
      const res = await get(`/~${words}?T`, { 'user-agent': CURL })
      expect(res.headers['content-type'], `${length}`).toBe('text/plain; charset=utf-8')
      const typed = words.replaceAll('+', ' ').trim()
      if (typed.length <= 200) {
        expect(res.statusCode, `${length}`).toBe(200)
        expect(res.body, `${length}`).toContain('Find large files')
      } else {
        expect(res.statusCode, `${length}`).toBe(400)
        expect(res.body, `${length}`).toBe(
          `# A search can be at most 200 characters long; this one has ${typed.length}. Use fewer words.\n` +
            '# See what there is: curl http://localhost:3000/:help\n',
        )
      }
      const json = await get(`/~${words}?json`, { 'user-agent': CURL })
      expect(json.statusCode, `${length} json`).toBe(typed.length <= 200 ? 200 : 400)
    }
    // The words may hold a slash, and nothing at all is a reason, not a page of every command.
    const slash = await get('/~tar+-C+/tmp?T', { 'user-agent': CURL })
    expect(slash.statusCode).toBe(200)
    expect(slash.body).toContain('"tar -C /tmp"')
    const empty = await get('/~?T', { 'user-agent': CURL })
    expect(empty.statusCode).toBe(400)
    expect(empty.body).toContain('Write the words to search for after ~')
    // /browse?search= (the same search, with more pages) says the same.
    const browse = await get(`/browse?search=${'a'.repeat(201)}&T`, { 'user-agent': CURL })
    expect(browse.statusCode).toBe(400)
    expect(browse.body).toContain('A search can be at most 200 characters long; this one has 201.')
    const help = await get('/:help?T', { 'user-agent': CURL })
    expect(help.body.replace(/\s+/g, ' ')).toContain(
      'A search is at most 200 characters; a longer one is refused (400), never cut.',
    )
  })
})

describe('GET /:list and /:help', () => {
  it('lists programs with their counts', async () => {
    const res = await get('/:list?T', { 'user-agent': CURL })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatch(/\btar 3\b/)
    expect(res.body).toMatch(/\bdocker-compose 1\b/)
    const json = await get('/:list?json', { 'user-agent': CURL })
    expect(json.json<ProgramListResponse>().programs[0]).toEqual({ name: 'tar', count: 3 })
    const api = await get('/api/programs')
    expect(api.json<ProgramListResponse>().programs).toEqual(json.json<ProgramListResponse>().programs)
  })

  it('explains every page and option with examples', async () => {
    const res = await get('/:help?T', { 'user-agent': CURL })
    expect(res.statusCode).toBe(200)
    for (const text of ['/tar', '/~find+large', '/:list', '/post/<slug>', '?T', '?json', 'NO_COLOR']) {
      expect(res.body).toContain(text)
    }
    const cliShips = existsSync(fileURLToPath(new URL('../../../../cli/package.json', import.meta.url)))
    expect(res.body.includes('npx bashboard')).toBe(cliShips)
  })

  it('answers an unknown /:name with 404 text pointing at /:help', async () => {
    const res = await get('/:nope?T', { 'user-agent': CURL })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('There is no page ":nope"')
    expect(res.body).toContain('curl http://localhost:3000/:help')
  })
})

describe('GET /post/<slug> as text', () => {
  it('shows title, command, placeholders with a filled example, the description as text, score and URL', async () => {
    const res = await get(`/post/${tarBest.slug}?T`, { 'user-agent': CURL })
    expect(res.statusCode).toBe(200)
    const body = res.body
    expect(body).toContain('# Extract a gzipped tarball')
    expect(body).toContain('▲ 12 · Archives · by tar_author')
    expect(body).toContain('\ntar -xzvf {{archive.tar.gz}} -C <dest>\n')
    expect(body).toContain('# Placeholders: archive.tar.gz, dest')
    expect(body).toContain('#   tar -xzvf archive.tar.gz -C dest')
    expect(body).toContain('#  Unpacks everything & keeps permissions.')
    expect(body).toContain('#  • first item\n#  • second item')
    expect(body).toContain('#      tar -xzvf a.tgz\n#      ls')
    expect(body).toContain('the manual <https://www.gnu.org/software/tar/>')
    expect(body).toContain(`# http://localhost:3000/post/${tarBest.slug}`)
    expect(body).not.toMatch(/<\/?(p|h2|strong|ul|li|pre|code|a)\b/)
  })

  it('answers 404 text for an unknown post and the web app to a browser', async () => {
    const missing = await get('/post/no-such-post?T', { 'user-agent': CURL })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Post not found.')
    const page = await get(`/post/${tarBest.slug}`, { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('bashboard-test-spa')
    expect(page.body).toContain('<title>Extract a gzipped tarball | Bashboard</title>')
  })
})

describe('user text written to a terminal', () => {
  it('never carries escape sequences or control characters from titles, commands or descriptions', async () => {
    for (const url of ['/evilprog', `/post/${evil.slug}`, '/~evil']) {
      const plain = await get(`${url}?T`, { 'user-agent': CURL })
      expect(plain.statusCode, url).toBe(200)
      expect(plain.body, url).not.toMatch(CONTROL)
      expect(plain.body).toContain('Evil title')
      const coloured = await get(url, { 'user-agent': CURL })
      // Only our own colour codes remain: SGR sequences (ESC [ digits m).
      const escapes = coloured.body.match(ANY_ESCAPE) ?? []
      expect(escapes.length).toBeGreaterThan(0)
      for (const sequence of escapes) expect(sequence, url).toMatch(SGR_ONLY)
      // The escapes' contents are gone too (the slug, made from the title, may spell them).
      const shown = coloured.body.split('\n').filter((line) => !line.includes('/post/'))
      expect(shown.join('\n')).not.toContain('pwned')
      expect(coloured.body).not.toContain('payload')
    }
  })
})

describe('names that belong to the site', () => {
  it('reserves every top-level page of the web app', async () => {
    const routes = fileURLToPath(new URL('../../../../web/src/routes', import.meta.url))
    const firstSegments = (await readdir(routes))
      .filter((file) => file.endsWith('.tsx') && !file.startsWith('__') && !file.startsWith('$'))
      .map((file) => file.replace(/\.tsx$/, '').split('.')[0] ?? '')
      .filter((segment) => segment !== 'index' && segment !== '')
    expect(firstSegments.length).toBeGreaterThan(10)
    expect(firstSegments.filter((segment) => !isReservedName(segment))).toEqual([])
  })

  it('keeps site paths working as before for browsers, and answers curl with their text', async () => {
    await writeFile(join(t.config.webDistDir, 'favicon.ico'), 'icon-bytes')
    const robots = await get('/robots.txt', { 'user-agent': CURL })
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('User-agent: *')
    expect((await get('/sitemap.xml', { 'user-agent': CURL })).body).toContain('<urlset')
    expect((await get('/feed.xml', { 'user-agent': CURL })).body).toContain('<rss')
    const icon = await get('/favicon.ico', { 'user-agent': CURL })
    expect(icon.statusCode).toBe(200)
    expect(icon.body).toBe('icon-bytes')
    for (const path of ['/browse', '/blog', '/leaderboard', '/login', '/help', '/post', '/api', '/mod']) {
      const browser = await get(path, { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
      expect(browser.statusCode, path).toBe(200)
      expect(browser.body).toBe(TEST_INDEX_HTML)
      // curl gets the page's text (site-pages.test.ts), never a program's text or the JSON 404.
      const curl = await get(path, { 'user-agent': CURL, accept: '*/*' })
      expect(curl.statusCode, path).toBe(200)
      expect(curl.headers['content-type'], path).toBe('text/plain; charset=utf-8')
      expect(curl.body, path).not.toContain('No commands use')
      expect(curl.body, path).not.toContain('not found')
    }
    const api = await get('/api/website', { 'user-agent': CURL })
    expect(api.statusCode).toBe(200)
    expect(api.headers['content-type']).toContain('application/json')
    const unknownApi = await get('/api/nope', { 'user-agent': CURL })
    expect(unknownApi.statusCode).toBe(404)
  })
})

describe('personal access tokens', () => {
  it('reads the text pages with a read-scoped token', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: authHeader(loginAs(t.app, author)),
      payload: { name: 'terminal', scopes: ['read'] },
    })
    expect(created.statusCode).toBe(201)
    const token = created.json<{ token: string }>().token
    const res = await get('/tar?T', { 'user-agent': CURL, ...authHeader(token) })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('tar — 3 commands')
  })
})

const run = promisify(execFile)
// .ci/run installs curl when a machine lacks it; without it this fails rather than skips.
describe('the real curl against a listening server', () => {
  let base = ''
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = address
  })

  it('gets coloured text for /tar and clean text with ?T', async () => {
    const { stdout } = await run('/usr/bin/curl', ['-sS', `${base}/tar`])
    expect(stdout).toMatch(ESC)
    expect(stdout).toContain('Extract a gzipped tarball')
    const plain = await run('/usr/bin/curl', ['-sS', `${base}/~find+large?T`])
    expect(plain.stdout).not.toMatch(ESC)
    expect(plain.stdout).toContain('Find large files')
    const status = await run('/usr/bin/curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `${base}/tra`])
    expect(status.stdout).toBe('404')
    const robots = await run('/usr/bin/curl', ['-sS', `${base}/robots.txt`])
    expect(robots.stdout).toContain('User-agent: *')
  })

  it('gets a search up to 200 characters and a text refusal past it, whatever the length', async () => {
    for (const length of [101, 255, 256, 1000, 5000]) {
      const words = `find+${'large+'.repeat(length)}`.slice(0, length)
      const { stdout } = await run('/usr/bin/curl', [
        '-sS',
        '-w',
        '\n%{http_code} %{content_type}',
        `${base}/~${words}?T`,
      ])
      const lines = stdout.trimEnd().split('\n')
      const last = lines.at(-1) ?? ''
      const typedLength = words.replaceAll('+', ' ').trim().length
      expect(last, `${length}`).toBe(`${typedLength <= 200 ? 200 : 400} text/plain; charset=utf-8`)
      expect(lines[0], `${length}`).toMatch(
        typedLength <= 200 ? /^# Search "find large/ : /^# A search can be at most 200/,
      )
    }
  })

  it('gets the web app for a post when curl sends Accept: text/html', async () => {
    const { stdout } = await run('/usr/bin/curl', [
      '-sS',
      '-H',
      'Accept: text/html',
      `${base}/post/${tarBest.slug}`,
    ])
    expect(stdout).toContain('bashboard-test-spa')
    const text = await run('/usr/bin/curl', ['-sS', `${base}/post/${tarBest.slug}?T`])
    expect(text.stdout).toContain('# Extract a gzipped tarball')
  })

  it('gets the web app when curl asks like a browser', async () => {
    const { stdout } = await run('/usr/bin/curl', [
      '-sS',
      '-A',
      BROWSER,
      '-H',
      `Accept: ${BROWSER_ACCEPT}`,
      `${base}/tar`,
    ])
    // A browser User-Agent with Accept text/html: the page, not text.
    expect(stdout).toContain('bashboard-test-spa')
  })
})
