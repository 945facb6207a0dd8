import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { authHeader, createUsers, loginAs, type TestUser } from '../../../test/factories.ts'
import { multipartBody, pngBytes } from '../../../test/uploads.ts'
import { BLOG_MESSAGES, type BlogListResponse, type ModBlog } from '../../contract/blogs.ts'
import type { UploadedImageResponse } from '../../contract/common.ts'
import type { BusMessage } from '../../live/bus.ts'

let t: TestApp
let moderator: TestUser
let member: TestUser
let contributor: TestUser
let sequence = 0

beforeAll(async () => {
  t = await buildTestApp()
  ;[moderator, member, contributor] = await createUsers(t.db, 'moderator', 'member', 'contributor')
})
afterAll(async () => {
  await t?.close()
})

function articleBody(overrides: Record<string, unknown> = {}) {
  sequence += 1
  return {
    title: `Shell history tricks ${sequence}`,
    metadescription: 'Find, reuse and edit earlier commands without retyping them.',
    content: `<h2>Search</h2><p>${'Press Ctrl-R and type. '.repeat(60)}</p>`,
    image: null,
    status: 'published',
    ...overrides,
  }
}

async function writeBlog(user: TestUser, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/mod/blogs',
    headers: authHeader(loginAs(t.app, user)),
    payload: body,
  })
}

async function writeBlogOk(body: Record<string, unknown> = articleBody()): Promise<ModBlog> {
  const res = await writeBlog(moderator, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ blog: ModBlog }>().blog
}

describe('GET /api/blogs', () => {
  it('pages published articles newest first, hides drafts and reports the totals', async () => {
    await t.db.deleteFrom('blogs').execute()
    const published: ModBlog[] = []
    for (let i = 0; i < 8; i++) published.push(await writeBlogOk())
    await writeBlogOk(articleBody({ status: 'draft' }))
    // Spread the publication dates so the order is not decided by ties.
    for (const [index, blog] of published.entries()) {
      await t.db
        .updateTable('blogs')
        .set({ published_at: new Date(Date.UTC(2026, 0, 1 + index)) })
        .where('id', '=', blog._id)
        .execute()
    }

    const first = await t.app.inject({ url: '/api/blogs' })
    expect(first.statusCode).toBe(200)
    const page1 = first.json<BlogListResponse>()
    expect(page1).toMatchObject({ totalBlogs: 8, currentPage: 1, totalPages: 2 })
    expect(page1.blogs).toHaveLength(6)
    expect(page1.blogs.map((blog) => blog._id)).toEqual(
      published
        .map((blog) => blog._id)
        .reverse()
        .slice(0, 6),
    )
    expect(page1.blogs[0]).toMatchObject({
      author: moderator.username,
      image: null,
      viewCount: 0,
      readingTime: 2,
      createdAt: '2026-01-08T00:00:00.000Z',
    })
    expect(page1.blogs[0]).not.toHaveProperty('content')

    const page2 = (await t.app.inject({ url: '/api/blogs?page=2' })).json<BlogListResponse>()
    expect(page2.currentPage).toBe(2)
    expect(page2.blogs.map((blog) => blog._id)).toEqual([published[1]?._id, published[0]?._id])

    const limited = (await t.app.inject({ url: '/api/blogs?limit=3&page=3' })).json<BlogListResponse>()
    expect(limited).toMatchObject({ currentPage: 3, totalPages: 3 })
    expect(limited.blogs).toHaveLength(2)
  })

  it('refuses a limit over 50 or a page below 1 with 400', async () => {
    expect((await t.app.inject({ url: '/api/blogs?limit=51' })).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/api/blogs?page=0' })).statusCode).toBe(400)
  })
})

describe('GET /api/blogs/:slug', () => {
  it('answers the article with its content and counts one view per visitor per hour', async () => {
    const blog = await writeBlogOk()
    const guest = { 'user-agent': 'vitest-guest-a' }
    const first = await t.app.inject({ url: `/api/blogs/${blog.slug}`, headers: guest })
    expect(first.statusCode).toBe(200)
    expect(first.json().blog).toMatchObject({ _id: blog._id, slug: blog.slug, viewCount: 1 })
    expect(first.json().blog.content).toContain('<h2>Search</h2>')

    const again = await t.app.inject({ url: `/api/blogs/${blog.slug}`, headers: guest })
    expect(again.json().blog.viewCount).toBe(1)
    const other = await t.app.inject({
      url: `/api/blogs/${blog.slug}`,
      headers: { 'user-agent': 'vitest-b' },
    })
    expect(other.json().blog.viewCount).toBe(2)
    const signedIn = await t.app.inject({
      url: `/api/blogs/${blog.slug}`,
      headers: { ...guest, ...authHeader(loginAs(t.app, member)) },
    })
    expect(signedIn.json().blog.viewCount).toBe(3)

    const row = await t.db
      .selectFrom('blogs')
      .select('view_count')
      .where('id', '=', blog._id)
      .executeTakeFirstOrThrow()
    const views = await t.db.selectFrom('blog_views').selectAll().where('blog_id', '=', blog._id).execute()
    expect(row.view_count).toBe(3)
    expect(views).toHaveLength(3)
  })

  it("answers 404 'Blog post not found' for a draft and an unknown slug", async () => {
    const draft = await writeBlogOk(articleBody({ status: 'draft' }))
    for (const slug of [draft.slug, 'no-such-article']) {
      const res = await t.app.inject({ url: `/api/blogs/${slug}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: BLOG_MESSAGES.notFound })
    }
  })
})

describe('moderator blog desk', () => {
  it('refuses guests (401), members and contributors (403) on every route', async () => {
    const routes = [
      { method: 'GET', url: '/api/mod/blogs' },
      { method: 'POST', url: '/api/mod/blogs', payload: articleBody() },
      { method: 'PUT', url: `/api/mod/blogs/${randomUUID()}`, payload: { status: 'draft' } },
      { method: 'DELETE', url: `/api/mod/blogs/${randomUUID()}` },
      { method: 'POST', url: '/api/mod/blogs/image' },
    ] as const
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401)
      for (const user of [member, contributor]) {
        const res = await t.app.inject({ ...route, headers: authHeader(loginAs(t.app, user)) })
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      }
    }
  })

  it('creates an article with sanitised content, a slug from the title and an audit entry', async () => {
    const events: BusMessage[] = []
    const unsubscribe = t.bus.subscribe({
      message: (message: BusMessage) => {
        if (message.topic === 'mod') events.push(message)
      },
      resumed: () => {},
    })
    const blog = await writeBlogOk(
      articleBody({
        title: '  Mastering <script>alert(1)</script> pipes  ',
        content: '<p onclick="x()">Pipes <img src=x onerror=alert(1)><script>alert(2)</script>connect</p>',
        image: 'https://images.example.com/pipes.png',
      }),
    )
    unsubscribe()
    expect(blog).toMatchObject({
      title: 'Mastering <script>alert(1)</script> pipes',
      slug: 'mastering-script-alert-1-script-pipes',
      content: '<p>Pipes connect</p>',
      image: 'https://images.example.com/pipes.png',
      imageName: 'https://images.example.com/pipes.png',
      status: 'published',
      author: moderator.username,
      readingTime: 1,
    })
    expect(blog.publishedAt).not.toBeNull()
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_id', '=', blog._id)
      .execute()
    expect(log).toMatchObject([
      { action: 'blog.published', subject_type: 'blog', moderator_id: moderator.id },
    ])
    expect(events.some((event) => event.event === 'activity')).toBe(true)
  })

  it('answers 409 for a duplicate title and 422 for missing or unusable fields', async () => {
    const blog = await writeBlogOk()
    const duplicate = await writeBlog(moderator, articleBody({ title: blog.title.toUpperCase() }))
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json().message).toBe(BLOG_MESSAGES.titleTaken)

    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, BLOG_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(201) }, BLOG_MESSAGES.titleTooLong],
      [{ metadescription: '' }, BLOG_MESSAGES.metadescriptionRequired],
      [{ content: '<script>only()</script>' }, BLOG_MESSAGES.contentRequired],
      [{ image: 'javascript:alert(1)' }, BLOG_MESSAGES.imageInvalid],
      [{ image: 'http://insecure.example.com/a.png' }, BLOG_MESSAGES.imageInvalid],
      [{ image: '../../etc/passwd' }, BLOG_MESSAGES.imageInvalid],
      // Bundled images: only the blog's own covers, not the ads' house images or other folders.
      [{ image: '/house-ads/blog-banner.png' }, BLOG_MESSAGES.imageInvalid],
      [{ image: '/blog-covers/../../private/x.png' }, BLOG_MESSAGES.imageInvalid],
    ]
    for (const [overrides, message] of cases) {
      const res = await writeBlog(moderator, articleBody(overrides))
      expect(res.statusCode, message).toBe(422)
      expect(res.json().message).toBe(message)
    }
    // A seeded article's bundled cover survives an edit that sends it back.
    const cover = await writeBlogOk(
      articleBody({ title: 'Covered', image: '/blog-covers/awk-in-twenty-minutes.png' }),
    )
    expect(cover).toMatchObject({ image: '/blog-covers/awk-in-twenty-minutes.png' })
    const unknownField = await writeBlog(moderator, articleBody({ viewCount: 1000 }))
    expect(unknownField.statusCode).toBe(400)
    // A value outside the enum breaks a rule rather than the shape: 422, like other field rules.
    const badStatus = await writeBlog(moderator, articleBody({ status: 'archived' }))
    expect(badStatus.statusCode).toBe(422)
  })

  it('lists drafts, unpublishes and republishes keeping the publication date, then deletes', async () => {
    const draft = await writeBlogOk(articleBody({ status: 'draft' }))
    expect(draft.publishedAt).toBeNull()
    const headers = authHeader(loginAs(t.app, moderator))
    const list = await t.app.inject({ url: '/api/mod/blogs', headers })
    expect(list.statusCode).toBe(200)
    expect(list.json<{ blogs: ModBlog[] }>().blogs.map((blog) => blog._id)).toContain(draft._id)

    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/mod/blogs/${draft._id}`, headers, payload: body })
    const published = (await put({ status: 'published' })).json<{ blog: ModBlog }>().blog
    expect(published.status).toBe('published')
    expect(published.publishedAt).not.toBeNull()
    expect((await t.app.inject({ url: `/api/blogs/${draft.slug}` })).statusCode).toBe(200)

    const hidden = (await put({ status: 'draft' })).json<{ blog: ModBlog }>().blog
    expect(hidden.status).toBe('draft')
    expect((await t.app.inject({ url: `/api/blogs/${draft.slug}` })).statusCode).toBe(404)
    const again = (await put({ status: 'published', title: `${draft.title} revised` })).json<{
      blog: ModBlog
    }>().blog
    expect(again.publishedAt).toBe(published.publishedAt)
    expect(again.slug).toBe(`${draft.slug}-revised`)

    const actions = await t.db
      .selectFrom('moderation_log')
      .select('action')
      .where('subject_id', '=', draft._id)
      .orderBy('created_at')
      .execute()
    expect(actions.map((row) => row.action)).toEqual([
      'blog.created',
      'blog.published',
      'blog.unpublished',
      'blog.published',
    ])

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/mod/blogs/${draft._id}`, headers })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ blogId: draft._id })
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/mod/blogs/${draft._id}`, headers })).statusCode,
    ).toBe(404)
    expect((await put({ status: 'draft' })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/mod/blogs/not-a-uuid', headers, payload: {} }))
        .statusCode,
    ).toBe(404)
  })
})

describe('POST /api/mod/blogs/image', () => {
  const upload = (body: { payload: Buffer; headers: Record<string, string> }, user: TestUser = moderator) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mod/blogs/image',
      headers: { ...body.headers, ...authHeader(loginAs(t.app, user)) },
      payload: body.payload,
    })

  it('re-encodes a PNG, serves it from /uploads/blogs and lets an article use it', async () => {
    const res = await upload(multipartBody('image', 'hero.png', 'image/png', await pngBytes()))
    expect(res.statusCode, res.body).toBe(201)
    const { image, url } = res.json<UploadedImageResponse>()
    expect(image).toMatch(/^[a-f0-9]{32}\.png$/)
    expect(url).toBe(`/uploads/blogs/${image}`)
    expect(existsSync(join(t.config.dataDir, 'uploads', 'blogs', image))).toBe(true)
    const served = await t.app.inject({ url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')

    const blog = await writeBlogOk(articleBody({ image: url }))
    expect(blog).toMatchObject({ image: url, imageName: image })
    // Deleting the only article using the upload removes the file too.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/mod/blogs/${blog._id}`,
      headers: authHeader(loginAs(t.app, moderator)),
    })
    expect(existsSync(join(t.config.dataDir, 'uploads', 'blogs', image))).toBe(false)
  })

  it('answers 415 for a file that is not an image by content, whatever its name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const res = await upload(multipartBody('image', 'x.png', 'image/png', svg))
    expect(res.statusCode).toBe(415)
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/mod/blogs/image',
      headers: authHeader(loginAs(t.app, moderator)),
      payload: { image: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  it('answers 413 for a file over 5 MB and 400 without an image field', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10)])
    const res = await upload(multipartBody('image', 'big.png', 'image/png', big))
    expect(res.statusCode).toBe(413)
    const wrongField = await upload(multipartBody('file', 'a.png', 'image/png', await pngBytes()))
    expect(wrongField.statusCode).toBe(400)
  })
})
