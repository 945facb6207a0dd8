import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_INDEX_HTML, type TestApp } from '../../../test/build-test-app.ts'
import { createCategory, createPost, createUser, type TestUser } from '../../../test/factories.ts'
import { SITEMAP_FILE_NOT_FOUND } from './routes.ts'
import { escapeXml, injectHead } from './service.ts'
import { buildSitemap, buildSitemapFile } from './sitemap.ts'

let t: TestApp
let author: TestUser
const ORIGIN = 'http://localhost:3000'
const html = { accept: 'text/html,application/xhtml+xml' }

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor', username: 'meta_author' })
  // The posts service keeps post_count; the factory inserts rows directly.
  await t.db.updateTable('users').set({ post_count: 2 }).where('id', '=', author.id).execute()
  const category = await createCategory(t.db, { name: 'Networking & <Ports>', slug: 'networking' })
  const post = await createPost(t.db, {
    authorId: author.id,
    categoryId: category.id,
    title: 'List listening ports',
    command: 'ss -tulpn',
  })
  await t.db
    .updateTable('posts')
    .set({
      description_text: `Shows every socket waiting for connections, with the owning process. ${'More detail. '.repeat(20)}`,
      tags: ['ss', 'network'],
    })
    .where('id', '=', post.id)
    .execute()
  await createPost(t.db, {
    authorId: author.id,
    title: '<script>alert("x")</script> & more',
    command: 'true',
  })
  const blog = {
    author_id: author.id,
    author_name: author.username,
    metadescription: 'Why "set -euo pipefail" & friends make scripts <fail> loudly.',
    content: '<p>Text</p>',
  }
  await t.db
    .insertInto('blogs')
    .values([
      {
        ...blog,
        slug: 'scripts-that-fail-loudly',
        title: 'Scripts that fail loudly',
        image: 'https://images.example.com/loud.png',
        status: 'published',
        published_at: new Date('2026-02-01T10:00:00Z'),
      },
      {
        ...blog,
        slug: 'a-secret-draft',
        title: 'A secret draft',
        image: null,
        status: 'draft',
        published_at: null,
      },
    ])
    .execute()
})
afterAll(async () => {
  await t?.close()
})

/**
 * Throws unless `xml` is well-formed for the simple documents the site writes: one declaration, every
 * element closed in order, attribute values quoted, and `&` only as an entity.
 */
function assertWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
  const body = xml.slice(xml.indexOf('?>') + 2)
  expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/)
  const stack: string[] = []
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|<|>/g)) {
    const [token, closing, name, , selfClosing] = match
    if (token === '<' || token === '>') throw new Error(`stray ${token} at ${match.index}`)
    if (selfClosing) continue
    if (closing) expect(stack.pop(), `</${name}>`).toBe(name)
    else stack.push(name ?? '')
  }
  expect(stack).toEqual([])
}

/** The content attribute of a meta tag in an HTML string, unescaped only for &quot; and &amp;. */
function metaContent(page: string, key: string): string | undefined {
  const match = page.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))
  return match?.[1]
}

describe('page metadata in the served HTML', () => {
  it('fills the title, description, keywords, Open Graph and canonical tags of a post page', async () => {
    const res = await t.app.inject({ url: '/post/list-listening-ports', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const page = res.body
    expect(page).toContain('bashboard-test-spa')
    expect(page).toContain('<title>List listening ports | Bashboard</title>')
    const description = metaContent(page, 'description') ?? ''
    expect(description).toMatch(/^Shows every socket waiting for connections/)
    expect(description).toContain('A Linux command in the Networking &amp; &lt;Ports&gt; category.')
    expect(metaContent(page, 'keywords')).toBe('ss, network, Networking &amp; &lt;Ports&gt;, linux, command')
    expect(metaContent(page, 'author')).toBe('meta_author')
    expect(metaContent(page, 'og:type')).toBe('article')
    expect(metaContent(page, 'og:title')).toBe('List listening ports')
    expect(metaContent(page, 'og:url')).toBe(`${ORIGIN}/post/list-listening-ports`)
    expect(metaContent(page, 'og:image')).toBe(`${ORIGIN}/house-ads/social-card.png`)
    expect(metaContent(page, 'twitter:card')).toBe('summary_large_image')
    expect(page).toContain(`<link rel="canonical" href="${ORIGIN}/post/list-listening-ports" />`)
  })

  it('keeps a title with <script> as text', async () => {
    const res = await t.app.inject({ url: '/post/script-alert-x-script-more', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert')
    expect(res.body).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more | Bashboard</title>',
    )
    expect(metaContent(res.body, 'og:title')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more',
    )
  })

  it('fills a published article with its own image and escaped description', async () => {
    const res = await t.app.inject({ url: '/blog/scripts-that-fail-loudly', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Scripts that fail loudly | Bashboard</title>')
    expect(metaContent(res.body, 'description')).toBe(
      'Why &quot;set -euo pipefail&quot; &amp; friends make scripts &lt;fail&gt; loudly.',
    )
    expect(metaContent(res.body, 'og:image')).toBe('https://images.example.com/loud.png')
    expect(metaContent(res.body, 'article:published_time')).toBe('2026-02-01T10:00:00.000Z')
  })

  it('answers the app with 404 and noindex for an unknown post, an unknown article and a draft', async () => {
    for (const url of ['/post/no-such-post', '/blog/no-such-article', '/blog/a-secret-draft']) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).toContain('bashboard-test-spa')
      expect(metaContent(res.body, 'robots')).toBe('noindex')
    }
  })

  it('still serves the plain app when the metadata cannot be read', async () => {
    // This test's own database: the posts table disappears for one request.
    await sql`ALTER TABLE posts RENAME TO posts_away`.execute(t.db)
    try {
      const res = await t.app.inject({ url: '/post/list-listening-ports', headers: html })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(TEST_INDEX_HTML)
    } finally {
      await sql`ALTER TABLE posts_away RENAME TO posts`.execute(t.db)
    }
  })

  it('serves the app for exactly /api in a browser, and JSON 404s below /api', async () => {
    const page = await t.app.inject({ url: '/api', headers: html })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('bashboard-test-spa')
    // Any other client reads where the page is (the terminal's note for browser pages).
    const text = await t.app.inject({ url: '/api' })
    expect(text.statusCode).toBe(200)
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(text.body).toContain('/api/openapi.json')
    const below = await t.app.inject({ url: '/api/nothing-here', headers: html })
    expect(below.statusCode).toBe(404)
    expect(below.json().statusCode).toBe(404)
  })

  it('replaces the built page title and description instead of adding a second one', () => {
    const built =
      '<html><head><meta name="description" content="Default" /><title>Bashboard</title></head><body></body></html>'
    const out = injectHead(built, {
      status: 200,
      title: 'A | Bashboard',
      canonical: null,
      meta: [['description', 'B']],
    })
    expect(out.match(/<title>/g)).toHaveLength(1)
    expect(out.match(/name="description"/g)).toHaveLength(1)
    expect(out).toContain('<title>A | Bashboard</title>')
    expect(out).toContain('content="B"')
  })

  it("writes a title's dollar signs as they are, never as replacement patterns", () => {
    const built =
      '<html><head><title>Bashboard</title><script type="module" src="/a.js"></script></head></html>'
    const title = "Dollars $& $` $' $$ $1 | Bashboard"
    const out = injectHead(built, { status: 200, title, canonical: null, meta: [['og:title', title]] })
    expect(out).toContain('<title>Dollars $&amp; $` $&#39; $$ $1 | Bashboard</title>')
    expect(out.match(/<script/g)).toHaveLength(1)
    expect(out.match(/<\/head>/g)).toHaveLength(1)
  })
})

describe('sitemap, robots and feeds', () => {
  it('lists the main pages, every post and published articles only in sitemap.xml', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    assertWellFormedXml(res.body)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    for (const path of ['/', '/browse', '/leaderboard', '/blog', '/post/list-listening-ports']) {
      expect(res.body).toContain(`<loc>${ORIGIN}${path}</loc>`)
    }
    expect(res.body).toContain(`<loc>${ORIGIN}/blog/scripts-that-fail-loudly</loc>`)
    expect(res.body).not.toContain('a-secret-draft')
    expect(res.body.match(/<url>/g)).toHaveLength(4 + 2 + 1 + 1)
    expect(res.body.trim().endsWith('</urlset>')).toBe(true)
  })

  it('lists the profiles of members who shared a command and public collections that hold a post', async () => {
    const reader = await createUser(t.db, { username: 'quiet_reader' })
    const [post] = await t.db.selectFrom('posts').select('id').limit(1).execute()
    const collections = await t.db
      .insertInto('collections')
      .values([
        { owner_id: author.id, name: 'Network kit', slug: 'network-kit', public: true },
        { owner_id: author.id, name: 'Mine only', slug: 'mine-only', public: false },
        { owner_id: author.id, name: 'Still empty', slug: 'still-empty', public: true },
      ])
      .returning(['id', 'slug'])
      .execute()
    await t.db
      .insertInto('collection_posts')
      .values(
        collections
          .filter((c) => c.slug !== 'still-empty')
          .map((c) => ({ collection_id: c.id, post_id: post?.id ?? '', position: 1 })),
      )
      .execute()
    try {
      const body = (await t.app.inject({ url: '/sitemap.xml' })).body
      assertWellFormedXml(body)
      expect(body).toContain(`<loc>${ORIGIN}/u/meta_author</loc>`)
      expect(body).not.toContain(`/u/${reader.username}<`)
      expect(body).toMatch(new RegExp(`<loc>${ORIGIN}/c/meta_author/network-kit</loc><lastmod>`))
      expect(body).not.toContain('mine-only')
      expect(body).not.toContain('still-empty')
    } finally {
      await t.db.deleteFrom('collections').where('owner_id', '=', author.id).execute()
    }
  })

  it('becomes a sitemap index of per-section files once the URLs outgrow one file', async () => {
    const deps = { db: t.db, origin: ORIGIN, urlsPerFile: 2 }
    // 4 main pages + 1 article, 2 posts, 1 profile, no collection: 3 + 1 + 1 + 0 files of two URLs.
    const index = await buildSitemap(deps)
    assertWellFormedXml(index)
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${ORIGIN}/sitemap/pages/1.xml`,
      `${ORIGIN}/sitemap/pages/2.xml`,
      `${ORIGIN}/sitemap/pages/3.xml`,
      `${ORIGIN}/sitemap/posts/1.xml`,
      `${ORIGIN}/sitemap/profiles/1.xml`,
    ])
    // Every URL of the one-file sitemap is in exactly one of the files, none twice.
    const single = (await t.app.inject({ url: '/sitemap.xml' })).body
    const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '')
    const split: string[] = []
    for (const [section, pages] of [
      ['pages', 3],
      ['posts', 1],
      ['profiles', 1],
    ] as const) {
      for (let page = 1; page <= pages; page += 1) {
        const file = await buildSitemapFile(deps, section, page)
        assertWellFormedXml(file ?? '')
        split.push(...locs(file ?? ''))
      }
    }
    expect(split.sort()).toEqual(locs(single).sort())
    expect(await buildSitemapFile(deps, 'pages', 4)).toBeNull()
  })

  it('serves a section file, 404 past its last file and 400 for an unknown section or file name', async () => {
    const posts = await t.app.inject({ url: '/sitemap/posts/1.xml' })
    expect(posts.statusCode).toBe(200)
    expect(posts.headers['content-type']).toContain('application/xml')
    assertWellFormedXml(posts.body)
    expect(posts.body).toContain(`<loc>${ORIGIN}/post/list-listening-ports</loc>`)
    expect(posts.body.match(/<url>/g)).toHaveLength(2)
    const empty = await t.app.inject({ url: '/sitemap/collections/1.xml' })
    expect(empty.statusCode).toBe(200)
    expect(empty.body).not.toContain('<url>')
    const past = await t.app.inject({ url: '/sitemap/posts/2.xml' })
    expect(past.statusCode).toBe(404)
    expect(past.json()).toEqual({ statusCode: 404, error: 'Not Found', message: SITEMAP_FILE_NOT_FOUND })
    for (const url of [
      '/sitemap/users/1.xml',
      '/sitemap/posts/0.xml',
      '/sitemap/posts/1.json',
      '/sitemap/posts/x.xml',
    ]) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().statusCode).toBe(400)
    }
  })

  it('allows crawling but the console and private pages, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const lines = res.body.split('\n')
    for (const line of [
      'User-agent: *',
      'Allow: /',
      'Disallow: /mod',
      'Disallow: /settings',
      'Disallow: /profile',
    ]) {
      expect(lines).toContain(line)
    }
    expect(lines).toContain('Disallow: /api/mod')
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })

  it('publishes the latest commands as RSS 2.0 with escaped titles', async () => {
    const res = await t.app.inject({ url: '/feed.xml' })
    expect(res.statusCode).toBe(200)
    assertWellFormedXml(res.body)
    expect(res.headers['content-type']).toContain('application/rss+xml')
    expect(res.body).toContain('<rss version="2.0"')
    expect(res.body.match(/<item>/g)).toHaveLength(2)
    expect(res.body).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</title>')
    expect(res.body).not.toContain('<script>')
    expect(res.body).toContain(`<link>${ORIGIN}/post/list-listening-ports</link>`)
    expect(res.body).toContain('<category>Networking &amp; &lt;Ports&gt;</category>')
    expect(res.body).toContain('$ ss -tulpn')
  })

  it('publishes the published articles as the blog feed', async () => {
    const res = await t.app.inject({ url: '/blog/feed.xml' })
    expect(res.statusCode).toBe(200)
    assertWellFormedXml(res.body)
    expect(res.body.match(/<item>/g)).toHaveLength(1)
    expect(res.body).toContain(`<guid isPermaLink="true">${ORIGIN}/blog/scripts-that-fail-loudly</guid>`)
    expect(res.body).toContain('<pubDate>Sun, 01 Feb 2026 10:00:00 GMT</pubDate>')
    expect(res.body).not.toContain('secret')
  })

  it('has a well-formedness check that refuses broken XML', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    expect(() => assertWellFormedXml(`${head}<a><b></a></b>`)).toThrow()
    expect(() => assertWellFormedXml(`${head}<a>x & y</a>`)).toThrow()
    expect(() => assertWellFormedXml(`${head}<a>1 < 2</a>`)).toThrow()
    expect(() => assertWellFormedXml(`${head}<a><b x="1"/>ok &amp; fine</a>`)).not.toThrow()
  })

  it('escapes XML special characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;')
  })

  it('drops carriage returns and text-direction marks, which feed readers would show as they are', () => {
    expect(escapeXml('echo safe\rrm -rf ~ \u202Eevil\u202C\u2066!\u2069')).toBe('echo saferm -rf ~ evil!')
  })
})

describe('GET /api/openapi.json', () => {
  it('describes the API routes with their access and the live channel', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    const paths = Object.keys(doc.paths)
    for (const path of [
      '/api/blogs',
      '/api/blogs/{slug}',
      '/api/ads/{page}',
      '/api/ads/track-click',
      '/api/mod/blogs',
      '/api/mod/ads/{id}',
      '/api/posts/create',
      '/api/user/login',
      '/api/tokens',
      '/api/tokens/{id}',
      '/api/users/me',
      '/api/users/me/export',
      '/api/users/me/export/jobs',
      '/api/users/me/export/latest',
      '/api/users/me/export/{id}/download',
      '/api/users/me/second-factor',
      '/api/users/me/second-factor/totp',
      '/api/users/me/second-factor/totp/confirm',
      '/api/users/me/second-factor/recovery-codes',
      '/api/user/login/second-factor',
    ]) {
      expect(paths, path).toContain(path)
    }
    expect(paths).not.toContain('/sitemap.xml')
    expect(paths).not.toContain('/ws')
    expect(paths).not.toContain('/api/openapi.json')
    const list = doc.paths['/api/blogs'].get
    expect(list.description).toContain('Access: public.')
    expect(list.responses['200']).toBeDefined()
    expect(doc.paths['/api/mod/blogs'].post.security).toEqual([{ bearerAuth: [] }])
    // Personal access tokens: each operation names the scope it accepts, or that it refuses tokens.
    expect(list.description).toContain('Token scope: read.')
    expect(list.security).toEqual([{}, { personalAccessToken: ['read'] }])
    expect(doc.paths['/api/mod/blogs'].post.description).toContain('Personal access tokens: refused.')
    expect(doc.paths['/api/tokens'].post.description).toContain('Personal access tokens: refused.')
    expect(Object.keys(doc.paths['/api/tokens'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']))
    // Leaving (issue 49): a read token may take the export; nothing but a session deletes the account.
    const exportOperation = doc.paths['/api/users/me/export'].get
    expect(exportOperation.description).toContain('Token scope: read.')
    const exportSchema = exportOperation.responses['200'].content['application/json'].schema
    expect(exportSchema.properties.format).toBeDefined()
    // A large account's export answers 202 with the job; its download keeps the standard error shape.
    expect(exportOperation.responses['202'].content['application/json'].schema.properties.job).toBeDefined()
    const download = doc.paths['/api/users/me/export/{id}/download'].get
    expect(download.description).toContain('Personal access tokens: refused.')
    for (const status of ['404', '409', '410']) {
      expect(
        download.responses[status].content['application/json'].schema.properties.statusCode,
      ).toBeDefined()
    }
    expect(doc.paths['/api/users/me'].delete.description).toContain('Personal access tokens: refused.')
    expect(doc.paths['/api/users/me'].delete.requestBody).toBeDefined()
    // The second factor (issue 49): login documents its 202 challenge; no token reaches either step.
    const loginOperation = doc.paths['/api/user/login'].post
    expect(Object.keys(loginOperation.responses)).toEqual(expect.arrayContaining(['200', '202']))
    expect(
      loginOperation.responses['202'].content['application/json'].schema.properties.secondFactor,
    ).toBeDefined()
    expect(doc.paths['/api/user/login/second-factor'].post.description).toContain(
      'Personal access tokens: refused.',
    )
    expect(Object.keys(doc.paths['/api/users/me/second-factor/totp'])).toEqual(
      expect.arrayContaining(['post', 'delete']),
    )
    expect(doc.components.securitySchemes.personalAccessToken).toMatchObject({ scheme: 'bearer' })
    expect(list.summary).toBe('List published blog articles, newest first')
    // Routes that name no tag are grouped by path.
    expect(doc.paths['/api/posts/create'].post.tags).toEqual(['posts'])
    expect(doc.paths['/api/mod/ads'].get.tags).toEqual(['moderation'])
    const topics = doc['x-live'].topics.map((topic: { topic: string }) => topic.topic)
    expect(topics).toEqual(['posts', 'post:<postId>', 'leaderboard', 'stats', 'user:<userId>', 'mod'])
    const post = doc['x-live'].topics[1]
    expect(post.events.map((event: { name: string }) => event.name)).toContain('post.votes')
  })
})
