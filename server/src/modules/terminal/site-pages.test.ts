import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { CategoryRow } from '@bashboard/db'
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
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { BlogDetailResponse, BlogListResponse, ModBlog } from '../../contract/blogs.ts'
import type { CollectionDetail, CollectionSummary } from '../../contract/collections.ts'
import type { LeaderboardResponse } from '../../contract/leaderboard.ts'
import type { PostCard } from '../../contract/posts.ts'
import type { PublicProfileResponse } from '../../contract/profiles.ts'
import type { BrowseResponse } from '../../contract/website.ts'
import { BROWSER_PAGES } from './site-pages.ts'

const CURL = 'curl/8.5.0'
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const TEXT = 'text/plain; charset=utf-8'
const ORIGIN = 'http://localhost:3000'
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for escape characters is the point
const ESC = /\u001b/
// biome-ignore lint/suspicious/noControlCharactersInRegex: our own colour codes, removed to read the text
const SGR = /\u001b\[\d+m/g

let t: TestApp
let author: TestUser
let moderator: TestUser
let networking: CategoryRow
let archives: CategoryRow
let findLarge: PostCard
let popular: PostCard
let oldest: PostCard
let newest: PostCard
let article: ModBlog
let publicCollection: CollectionSummary
let privateCollection: CollectionSummary

function get(url: string, headers: Record<string, string> = { 'user-agent': CURL }) {
  return t.app.inject({ method: 'GET', url, headers })
}

const browser = (url: string) => get(url, { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
const plain = (body: string) => body.replace(SGR, '')

async function asModerator(moderator: TestUser, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: authHeader(loginAs(t.app, moderator)),
    payload,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res
}

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor', username: 'site_author' })
  // Points written directly: an all-time total with nothing in the ledger's recent days.
  await createUser(t.db, { username: 'site_expert', points: 1500 })
  moderator = await createUser(t.db, { role: 'moderator', username: 'site_mod' })
  networking = await createCategory(t.db, { name: 'Networking' })
  archives = await createCategory(t.db, { name: 'Archives' })
  const post = (title: string, command: string, category: CategoryRow) =>
    createPostViaApi(t.app, author, {
      title,
      command,
      description: `<p>${title}, explained.</p>`,
      category: category.id,
    })
  oldest = await post('Pack a directory', 'tar -czf out.tgz dir', archives)
  findLarge = await post('Find large files', 'find / -size +100M -type f', networking)
  popular = await post('Show listening ports', 'ss -tulpn', networking)
  for (let i = 1; i <= 8; i++) await post(`Archive trick number ${i}`, `tar -tf a${i}.tar`, archives)
  newest = await post('Unpack a directory', 'tar -xzf out.tgz', archives)
  // Votes written behind the services' backs, before any page is read (and cached).
  await t.db.updateTable('posts').set({ uplike_count: 9 }).where('id', '=', popular._id).execute()
  await t.db.updateTable('posts').set({ uplike_count: 4 }).where('id', '=', findLarge._id).execute()

  article = (
    await asModerator(moderator, '/api/mod/blogs', {
      title: 'Reading man pages well',
      metadescription: 'How to find the one flag you need in a long manual page.',
      content:
        '<h2>Search</h2><p>Press <strong>/</strong> and type a word &amp; press n.</p><ul><li>first tip</li></ul>',
      image: null,
      status: 'published',
    })
  ).json<{ blog: ModBlog }>().blog
  await asModerator(moderator, '/api/mod/blogs', {
    title: 'A secret draft',
    metadescription: 'Nobody may read this yet.',
    content: '<p>Draft text.</p>',
    image: null,
    status: 'draft',
  })

  const collection = async (name: string, isPublic: boolean, posts: PostCard[]) => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/collections',
        headers: authHeader(loginAs(t.app, author)),
        payload: { name, description: `${name} I keep.`, public: isPublic },
      })
    ).json<CollectionSummary>()
    for (const { _id } of posts) {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/collections/${created._id}/posts`,
        headers: authHeader(loginAs(t.app, author)),
        payload: { postId: _id },
      })
      expect(added.statusCode, added.body).toBeLessThan(300)
    }
    return created
  }
  publicCollection = await collection('Net tools', true, [popular, findLarge])
  privateCollection = await collection('Hidden stash', false, [oldest])
  // The expert's points were written directly: the board recounts, as after a service's write.
  t.app.leaderboard.recount()
})

afterAll(async () => {
  await t?.close()
})

describe('GET /leaderboard for curl', () => {
  it('ranks members by total points, coloured, with the stats and the other tabs', async () => {
    const res = await get('/leaderboard')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toMatch(ESC)
    const text = plain(res.body)
    expect(text).toContain('Leaderboard — All Time')
    // Counts are grouped in thousands as on the site (contract/plurals.ts).
    expect(text).toMatch(/1\. site_expert +1,500 points {2}Expert/)
    // Twelve posts made through the API, 10 points each.
    expect(text).toMatch(/2\. site_author +120 points/)
    expect(text).toMatch(/\d+ members · 2 with points · 1 expert · 1,620 points in all/)
    expect(text).toContain(`curl "${ORIGIN}/leaderboard?period=week"`)
    expect(text).toContain(`curl ${ORIGIN}/:help`)
  })

  it("shows a tab's gains with ?period=week, plain with ?T, and the API's JSON with ?json", async () => {
    const week = await get('/leaderboard?period=week&T')
    expect(week.statusCode).toBe(200)
    expect(week.body).not.toMatch(ESC)
    expect(week.body).toContain('Leaderboard — This Week')
    expect(week.body).toMatch(/1\. site_author +120 points/)
    // The expert's points are not in the ledger of the last 7 days.
    expect(week.body).not.toContain('site_expert')
    const json = await get('/leaderboard?period=month&json')
    expect(json.statusCode).toBe(200)
    expect(json.headers['content-type']).toContain('application/json')
    const api = await t.app.inject({ url: '/api/leaderboard?period=month' })
    expect(json.json<LeaderboardResponse>()).toEqual(api.json<LeaderboardResponse>())
    expect(json.json<LeaderboardResponse>().entries[0]).toMatchObject({
      username: 'site_author',
      points: 120,
    })
  })

  it('refuses an unknown period with a 400 that names the periods, as text or JSON', async () => {
    const res = await get('/leaderboard?period=year&T')
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toContain('# Unknown period "year": use all, week, month')
    expect(res.body).toContain(`curl ${ORIGIN}/:help`)
    const long = await get(`/leaderboard?period=${'w'.repeat(500)}&T`)
    expect(long.statusCode).toBe(400)
    expect(long.headers['content-type']).toBe(TEXT)
    const json = await get('/leaderboard?period=year&json')
    expect(json.statusCode).toBe(400)
    expect(json.json<{ message: string }>().message).toContain('Unknown period "year"')
  })
})

describe('GET /browse for curl', () => {
  it('lists the newest commands first, 10 a page, numbered across pages with the next address', async () => {
    const first = await get('/browse')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe(TEXT)
    expect(first.body).toMatch(ESC)
    const text = plain(first.body)
    expect(text).toContain('# Browse — 12 commands, newest first')
    expect(text.indexOf(newest.title)).toBeGreaterThan(0)
    expect(text.indexOf(newest.title)).toBeLessThan(text.indexOf('Archive trick number 8'))
    expect(text).toContain(`# 1. ${newest.title}`)
    expect(text).toContain('tar -xzf out.tgz')
    expect(text).toContain(`${ORIGIN}/post/${newest.slug}`)
    expect(text).not.toContain(oldest.title)
    expect(text).toContain(`# More: curl "${ORIGIN}/browse?page=2"`)
    const second = await get('/browse?page=2&T')
    expect(second.statusCode).toBe(200)
    expect(second.body).not.toMatch(ESC)
    expect(second.body).toContain('(page 2 of 2)')
    expect(second.body).toContain(`# 12. ${oldest.title}`)
    expect(second.body).not.toContain('More:')
    const past = await get('/browse?page=9&T')
    expect(past.statusCode).toBe(200)
    expect(past.body).toContain('Page 9 is past the last page (2).')
  })

  it('sorts and filters as the site does: sort, category, tags and minScore', async () => {
    const upvoted = await get('/browse?sort=upvotes&T')
    expect(upvoted.body).toContain('most upvoted first')
    expect(upvoted.body).toContain(`# 1. ${popular.title}`)
    expect(upvoted.body).toContain(`# 2. ${findLarge.title}`)
    const category = await get(`/browse?category=${networking.slug}&T`)
    expect(category.statusCode).toBe(200)
    expect(category.body).toContain('# Browse — 2 commands, newest first')
    expect(category.body).toContain('# category Networking')
    expect(category.body).not.toContain('Archive trick')
    const scored = await get('/browse?minScore=5&T')
    expect(scored.body).toContain('# Browse — 1 command, newest first')
    expect(scored.body).toContain(popular.title)
    const tagged = await get('/browse?tags=ss&T')
    expect(tagged.body).toContain('tags ss')
    expect(tagged.body).toContain(popular.title)
    expect(tagged.body).not.toContain(findLarge.title)
  })

  it('answers /browse?search= with the same text as /~ (search mode, ranked)', async () => {
    const viaBrowse = await get('/browse?search=find+large&T')
    const viaTilde = await get('/~find+large?T')
    expect(viaBrowse.statusCode).toBe(200)
    expect(viaBrowse.body).toContain('Search "find large"')
    expect(viaBrowse.body).toContain('find / -size +100M -type f')
    expect(viaBrowse.body).toBe(viaTilde.body)
    const coloured = await get('/browse?search=find%20large')
    expect(coloured.body).toBe((await get('/~find%20large')).body)
  })

  it('answers ?json with what /api/website/browse answers for the same query', async () => {
    for (const query of ['', `category=${archives.slug}&page=2`, 'sort=upvotes', 'search=tar']) {
      const json = await get(`/browse?${query}&json`)
      expect(json.statusCode, query).toBe(200)
      const api = await t.app.inject({ url: `/api/website/browse?${query}` })
      const mine = json.json<BrowseResponse>()
      expect(
        mine.posts.map((post) => post._id),
        query,
      ).toEqual(api.json<BrowseResponse>().posts.map((post) => post._id))
      expect(mine.pagination).toEqual(api.json<BrowseResponse>().pagination)
    }
  })

  it('refuses bad input with a text error and its status, never a 5xx or the JSON 404', async () => {
    const cases: Array<[string, number, string]> = [
      ['sort=best', 400, 'Unknown sort "best": use latest, trending, upvotes, views'],
      ['page=0', 400, 'page must be a whole number from 1 to 10000, not "0"'],
      ['page=99999999999', 400, 'page must be a whole number from 1 to 10000'],
      ['page=abc', 400, 'page must be a whole number from 1 to 10000, not "abc"'],
      ['minScore=-1', 400, 'minScore must be a whole number from 0 to 1000000'],
      ['hasWarning=maybe', 400, 'hasWarning must be true or false'],
      ['from=yesterday', 400, 'from must be a day written YYYY-MM-DD'],
      ['from=2026-02-30', 422, 'from is not a real day: 2026-02-30'],
      ['tags=%3Cscript%3E', 422, 'is not a tag'],
      [`search=${'x'.repeat(300)}`, 400, 'search'],
      ['category=no-such-category', 404, 'There is no category "no-such-category".'],
    ]
    for (const [query, status, message] of cases) {
      const res = await get(`/browse?${query}&T`)
      expect(res.statusCode, query).toBe(status)
      expect(res.headers['content-type'], query).toBe(TEXT)
      expect(res.body, query).toContain(message)
      expect(res.body, query).not.toContain('statusCode')
    }
    const unknown = await get('/browse?category=no-such-category&T')
    expect(unknown.body).toContain(`Categories: `)
    expect(unknown.body).toContain(networking.slug)
  })
})

describe('GET /blog and /blog/<slug> for curl', () => {
  it('lists the published articles with their summaries and addresses', async () => {
    const res = await get('/blog')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toMatch(ESC)
    const text = plain(res.body)
    expect(text).toContain('# Blog — 1 article')
    expect(text).toContain(`# 1. Reading man pages well`)
    expect(text).toContain('How to find the one flag you need in a long manual page.')
    expect(text).toContain('by site_mod · 1 min read')
    expect(text).toContain(`curl ${ORIGIN}/blog/${article.slug}`)
    expect(text).not.toContain('A secret draft')
    const json = await get('/blog?json')
    expect(json.json<BlogListResponse>()).toEqual((await t.app.inject({ url: '/api/blogs' })).json())
    expect((await get('/blog?page=0&T')).statusCode).toBe(400)
  })

  it('shows an article as readable text and the API’s article with ?json', async () => {
    const res = await get(`/blog/${article.slug}?T`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toContain('# Reading man pages well')
    expect(res.body).toContain('#  Search\n#\n#  Press / and type a word & press n.')
    expect(res.body).toContain('#  • first tip')
    expect(res.body).toContain(`# ${ORIGIN}/blog/${article.slug}`)
    expect(res.body).not.toMatch(/<\/?(h2|p|strong|ul|li)\b/)
    const json = await get(`/blog/${article.slug}?json`)
    expect(json.json<BlogDetailResponse>().blog).toMatchObject({ _id: article._id, content: article.content })
  })

  it('reads an article whose slug is longer than the router once allowed (100 characters)', async () => {
    const title = `Long titles ${'and more words '.repeat(12)}`.trim()
    const long = (
      await asModerator(moderator, '/api/mod/blogs', {
        title,
        metadescription: 'A title near the 200-character limit.',
        content: '<p>Still readable.</p>',
        image: null,
        status: 'published',
      })
    ).json<{ blog: ModBlog }>().blog
    expect(long.slug.length).toBeGreaterThan(150)
    const res = await get(`/blog/${long.slug}?T`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('#  Still readable.')
    expect((await t.app.inject({ url: `/api/blogs/${long.slug}` })).statusCode).toBe(200)
    const page = await browser(`/blog/${long.slug}`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`<title>${title} | Bashboard</title>`)
    await t.app.inject({
      method: 'DELETE',
      url: `/api/mod/blogs/${long._id}`,
      headers: authHeader(loginAs(t.app, moderator)),
    })
  })

  it('answers a draft or an unknown article with the same 404 text', async () => {
    for (const slug of ['a-secret-draft', 'no-such-article']) {
      const res = await get(`/blog/${slug}?T`)
      expect(res.statusCode, slug).toBe(404)
      expect(res.headers['content-type']).toBe(TEXT)
      expect(res.body).toContain('# Blog post not found')
    }
  })
})

describe('GET /u/<name> and /c/<name>/<slug> for curl', () => {
  it("shows a member's profile, their commands and their public collections", async () => {
    const res = await get('/u/site_author')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toMatch(ESC)
    const text = plain(res.body)
    expect(text).toMatch(/^# site_author — Rising, 120 points, member since \w+ \d{4}$/m)
    expect(text).toContain('# 12 commands · 0 comments · 1 public collection')
    expect(text).toContain(`# 1. ${newest.title}`)
    expect(text).toContain('tar -xzf out.tgz')
    expect(text).toContain(`# More: curl "${ORIGIN}/u/site_author?page=2"`)
    expect(text).toContain(`curl ${ORIGIN}/c/site_author/net-tools`)
    expect(text).not.toContain('Hidden stash')
    const second = await get('/u/SITE_AUTHOR?page=2&T')
    expect(second.body).toContain(`# 11. Find large files`)
    const json = await get('/u/site_author?json')
    const api = await t.app.inject({ url: '/api/users/site_author/profile' })
    expect(json.json<PublicProfileResponse>()).toEqual(api.json<PublicProfileResponse>())
  })

  it('answers an unknown member with 404 text and an overly long name with 400 text', async () => {
    const missing = await get('/u/nobody_here?T')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toBe(TEXT)
    expect(missing.body).toContain('# User not found')
    const long = await get(`/u/${'a'.repeat(150)}?T`)
    expect(long.statusCode).toBe(400)
    expect(long.headers['content-type']).toBe(TEXT)
    expect(long.body).toContain('username')
    expect((await get('/u/site_author?page=10001&T')).statusCode).toBe(400)
  })

  it("shows a public collection's commands in its owner's order, with the export address", async () => {
    const res = await get(publicCollection.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    const text = plain(res.body)
    expect(text).toContain('# Net tools — a collection by site_author, 2 commands')
    expect(text).toContain('# Net tools I keep.')
    expect(text.indexOf(`# 1. ${popular.title}`)).toBeLessThan(text.indexOf(`# 2. ${findLarge.title}`))
    expect(text).toContain('ss -tulpn')
    expect(text).toContain(`${ORIGIN}/api/collections/${publicCollection._id}/export?format=navi`)
    const json = await get(`${publicCollection.url}?json`)
    const api = await t.app.inject({ url: `/api/collections/by-slug/site_author/net-tools` })
    expect(json.json<CollectionDetail>()).toEqual(api.json<CollectionDetail>())
  })

  it('answers a private collection with the same 404 as a missing one, except to its owner', async () => {
    const hidden = await get(`${privateCollection.url}?T`)
    const missing = await get('/c/site_author/no-such-collection?T')
    expect(hidden.statusCode).toBe(404)
    expect(hidden.headers['content-type']).toBe(TEXT)
    expect(hidden.body).toContain('# Collection not found')
    expect(hidden.body).toBe(missing.body)
    expect(hidden.body).not.toContain('Hidden stash')
    // The owner's read token sees it, as the API shows it to them.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: authHeader(loginAs(t.app, author)),
      payload: { name: 'site pages', scopes: ['read'] },
    })
    const token = created.json<{ token: string }>().token
    const own = await get(`${privateCollection.url}?T`, { 'user-agent': CURL, ...authHeader(token) })
    expect(own.statusCode).toBe(200)
    expect(own.body).toContain('# Hidden stash')
    expect(own.body).toContain('Private: only you see it.')
  })
})

describe('pages for browsers only, for curl', () => {
  it('names the page, gives its address for a browser and points at /:help', async () => {
    const res = await get('/login')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TEXT)
    expect(res.body).toMatch(ESC)
    expect(plain(res.body)).toBe(
      `# Sign in — a page of the Bashboard site for a browser:\n#   ${ORIGIN}/login\n# What the terminal can read: curl ${ORIGIN}/:help\n`,
    )
    const edit = await get(`/post/${findLarge.slug}/edit?T`)
    expect(edit.statusCode).toBe(200)
    expect(edit.body).toContain('# Edit a post')
    expect(edit.body).toContain(`# Read the post: curl ${ORIGIN}/post/${findLarge.slug}`)
    const api = await get('/api?T')
    expect(api.body).toContain(`curl ${ORIGIN}/api/openapi.json`)
    const json = await get('/mod/audit?json')
    expect(json.json()).toEqual({
      title: 'The moderation console: audit log',
      url: `${ORIGIN}/mod/audit`,
      instead: null,
      help: `${ORIGIN}/:help`,
    })
  })

  it('answers every route of the web app with text for curl, none with the JSON 404', async () => {
    const routes = fileURLToPath(new URL('../../../../web/src/routes', import.meta.url))
    const paths: string[] = []
    for (const file of await readdir(routes)) {
      const source = await readFile(join(routes, file), 'utf8')
      const route = /createFileRoute\('([^']+)'\)/.exec(source)?.[1]
      // The home page is the web app itself for everyone; `/$program` is the program lookup.
      if (!route || route === '/' || route === '/$program') continue
      paths.push(route.replace(/\$[A-Za-z]+_?/g, 'sample').replace(/\/$/, ''))
    }
    expect(paths.length).toBeGreaterThan(20)
    for (const path of paths) {
      const res = await get(`${path}?T`)
      expect(res.headers['content-type'], path).toBe(TEXT)
      expect(res.statusCode, path).toBeLessThan(500)
      expect(res.body, path).not.toContain('not found"')
      expect(res.body, path).not.toContain('statusCode')
    }
    // And every page listed here is one of the web app's.
    const known = new Set(paths)
    for (const page of BROWSER_PAGES)
      expect(known, page.route).toContain(page.route.replace(/:[a-z]+/g, 'sample'))
  })

  it('answers overly long input on the terminal’s own pages with text too, and browsers with the app', async () => {
    for (const url of [
      `/~${'x'.repeat(300)}?T`,
      `/post/${'p'.repeat(400)}?T`,
      `/${'a'.repeat(300)}?T`,
      `/:${'n'.repeat(300)}?T`,
      '/tar?page=1234567&T',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.headers['content-type'], url).toBe(TEXT)
      expect(res.body, url).toContain(`curl ${ORIGIN}/:help`)
    }
    const json = await get(`/post/${'p'.repeat(400)}?json`)
    expect(json.statusCode).toBe(400)
    expect(json.json<{ statusCode: number }>().statusCode).toBe(400)
    const page = await browser('/tar?page=1234567')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>tar commands | Bashboard</title>')
  })

  it('keeps unknown paths as they were: the program lookup, or the JSON 404 deeper down', async () => {
    const program = await get('/nosuchprogram?T')
    expect(program.statusCode).toBe(404)
    expect(program.body).toContain('No commands use "nosuchprogram" yet.')
    const deeper = await get('/browse/extra')
    expect(deeper.statusCode).toBe(404)
    expect(deeper.json<{ message: string }>().message).toBe('Route GET /browse/extra not found')
  })
})

describe('the same addresses in a browser', () => {
  it('get the web app exactly as before, odd queries included', async () => {
    const pages = [
      '/leaderboard',
      '/leaderboard?period=year',
      '/browse',
      '/browse?search=find+large&page=2',
      '/browse?page=abc&sort=best&minScore=-1',
      '/blog',
      '/blog?page=0',
      '/login',
      '/api',
      '/mod/audit',
      `/post/${findLarge.slug}/edit`,
      '/help',
    ]
    for (const url of pages) {
      const res = await browser(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(res.body, url).toBe(TEST_INDEX_HTML)
    }
    // Pages with a head of their own keep it (and its 404 for what is missing).
    const blog = await browser(`/blog/${article.slug}`)
    expect(blog.statusCode).toBe(200)
    expect(blog.body).toContain('<title>Reading man pages well | Bashboard</title>')
    const member = await browser('/u/site_author')
    expect(member.body).toContain('<title>site_author | Bashboard</title>')
    const collection = await browser(publicCollection.url)
    expect(collection.body).toContain('<title>Net tools by site_author | Bashboard</title>')
    const hidden = await browser(privateCollection.url)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).toContain('bashboard-test-spa')
  })

  it('does not count browsers against the text budget, but counts text and JSON on every site page', async () => {
    const limited = await buildTestApp({
      config: {
        rateLimit: { ...TEST_RATE_LIMITS, terminalPerMinute: 3 },
      },
    })
    try {
      const inject = (url: string, headers: Record<string, string>) => limited.app.inject({ url, headers })
      for (let i = 0; i < 5; i++) {
        const page = await inject('/leaderboard', { 'user-agent': BROWSER, accept: BROWSER_ACCEPT })
        expect(page.statusCode).toBe(200)
      }
      expect((await inject('/leaderboard?T', { 'user-agent': CURL })).statusCode).toBe(200)
      expect((await inject('/login?json', { 'user-agent': CURL })).statusCode).toBe(200)
      expect((await inject('/blog?T', { 'user-agent': CURL })).statusCode).toBe(200)
      const refused = await inject('/browse?T', { 'user-agent': CURL })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['content-type']).toBe(TEXT)
      expect(refused.body).toMatch(/^# Too many requests\. Try again in \d+ seconds\.\n$/)
      expect((await inject('/u/x?json', { 'user-agent': CURL })).statusCode).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('GET /:help', () => {
  it('lists the site pages with examples', async () => {
    const res = await get('/:help?T')
    expect(res.statusCode).toBe(200)
    for (const text of [
      `curl ${ORIGIN}/leaderboard`,
      '/leaderboard?period=week',
      `curl ${ORIGIN}/browse`,
      '/browse?sort=upvotes',
      '/browse?category=<slug>',
      '/browse?search=find+large',
      `curl ${ORIGIN}/blog`,
      '/blog/<slug>',
      '/u/<name>',
      '/c/<name>/<slug>',
      '/login',
      '/settings',
    ]) {
      expect(res.body).toContain(text)
    }
  })
})

const run = promisify(execFile)
describe('the real curl against a listening server', () => {
  it('reads the leaderboard, a browse search and a browser page as text', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const board = await run('/usr/bin/curl', ['-sS', `${base}/leaderboard`])
    expect(board.stdout).toMatch(ESC)
    expect(plain(board.stdout)).toContain('site_expert')
    const search = await run('/usr/bin/curl', ['-sS', `${base}/browse?search=find+large&T`])
    expect(search.stdout).toContain('Find large files')
    const login = await run('/usr/bin/curl', ['-sS', '-w', '%{http_code}', `${base}/login?T`])
    expect(login.stdout).toContain(`${ORIGIN}/login`)
    expect(login.stdout.endsWith('200')).toBe(true)
  })
})
