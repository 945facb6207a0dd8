import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createCategory, createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import type { PostDetailResponse } from '../../contract/posts.ts'
import { slugify } from '../../lib/slug.ts'
import { POST_MESSAGES } from './service.ts'

// Old addresses (docs/product-rules.md#posts): a renamed post's earlier slugs answer a 301 to its current page.

const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
}
const CURL = { 'user-agent': 'curl/8.5.0' }

let t: TestApp
let author: TestUser
let categoryId: string

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
  categoryId = (await createCategory(t.db)).id
})
afterAll(async () => {
  await t?.close()
})

/** A unique title: its slug is the title lower-cased with dashes. */
const titled = (words: string) => `${words} ${randomUUID().slice(0, 8)}`

const rename = (user: TestUser, id: string, title: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/posts/update',
    headers: headersFor(t.app, user),
    payload: { id, title },
  })

async function renamed(id: string, title: string): Promise<string> {
  const res = await rename(author, id, title)
  expect(res.statusCode).toBe(200)
  return res.json().post.slug
}

const api = (key: string) => t.app.inject({ url: `/api/posts/${key}` })
const page = (path: string, headers: Record<string, string>) => t.app.inject({ url: path, headers })

/** A post renamed twice: its slugs in order, the current one last. */
async function renamedTwice(): Promise<{ id: string; first: string; second: string; current: string }> {
  const post = await createPost(t.db, { authorId: author.id, categoryId, title: titled('First name') })
  const second = await renamed(post.id, titled('Second name'))
  const current = await renamed(post.id, titled('Third name'))
  return { id: post.id, first: post.slug, second, current }
}

describe('a renamed post at its old addresses', () => {
  it('sends a browser from every earlier slug to the current page (301), keeping the query', async () => {
    const post = await renamedTwice()
    for (const old of [post.first, post.second]) {
      const res = await page(`/post/${old}?utm_source=chat&ref=a%20b`, BROWSER)
      expect(res.statusCode).toBe(301)
      expect(res.headers.location).toBe(`/post/${post.current}?utm_source=chat&ref=a%20b`)
      // A rename back would make a cached 301 bounce between the two addresses.
      expect(res.headers['cache-control']).toBe('no-cache')
    }
    expect((await page(`/post/${post.first}`, BROWSER)).headers.location).toBe(`/post/${post.current}`)
    const current = await page(`/post/${post.current}`, BROWSER)
    expect(current.statusCode).toBe(200)
    expect(current.body).toContain('bashboard-test-spa')
    expect(current.body).toContain('<title>Third name')
    // Crawlers find the post once, at its current address.
    const sitemap = (await t.app.inject({ url: '/sitemap/posts/1.xml' })).body
    expect(sitemap).toContain(`/post/${post.current}</loc>`)
    expect(sitemap).not.toContain(post.first)
    expect(sitemap).not.toContain(post.second)
  })

  it('answers the current post from the API at every earlier slug', async () => {
    const post = await renamedTwice()
    for (const key of [post.first, post.second, post.current, post.id]) {
      const res = await api(key)
      expect(res.statusCode).toBe(200)
      const detail = res.json<PostDetailResponse>()
      expect(detail.post).toMatchObject({ _id: post.id, slug: post.current })
      expect(detail.post.title).toMatch(/^Third name/)
    }
  })

  it('redirects the text interface (text and ?json) from every earlier slug, keeping the query', async () => {
    const post = await renamedTwice()
    for (const old of [post.first, post.second]) {
      const text = await page(`/post/${old}?T`, CURL)
      expect(text.statusCode).toBe(301)
      expect(text.headers.location).toBe(`/post/${post.current}?T`)
      const json = await page(`/post/${old}?json`, CURL)
      expect(json.statusCode).toBe(301)
      expect(json.headers.location).toBe(`/post/${post.current}?json`)
    }
    // Where curl -L lands: the post.
    const landed = await page(`/post/${post.current}?T`, CURL)
    expect(landed.statusCode).toBe(200)
    expect(landed.body).toContain('Third name')
    // An id stays an address of its own, as before.
    expect((await page(`/post/${post.id}?T`, CURL)).statusCode).toBe(200)
  })

  it('takes an earlier slug back when the post is renamed back to it', async () => {
    const post = await createPost(t.db, { authorId: author.id, categoryId, title: titled('Going back') })
    // Asked for before the renames, so the old address's page is cached.
    expect((await api(post.slug)).statusCode).toBe(200)
    const second = await renamed(post.id, titled('Went away'))
    expect((await api(post.slug)).json<PostDetailResponse>().post.slug).toBe(second)
    const back = await renamed(post.id, post.title.toUpperCase())
    expect(back).toBe(post.slug)

    const home = await page(`/post/${post.slug}`, BROWSER)
    expect(home.statusCode).toBe(200)
    const away = await page(`/post/${second}`, BROWSER)
    expect(away.statusCode).toBe(301)
    expect(away.headers.location).toBe(`/post/${post.slug}`)
    expect((await page(`/post/${post.slug}?T`, CURL)).statusCode).toBe(200)
    for (const key of [post.slug, second]) {
      expect((await api(key)).json<PostDetailResponse>().post.slug).toBe(post.slug)
    }
    const kept = await t.db
      .selectFrom('post_old_slugs')
      .select('slug')
      .where('post_id', '=', post.id)
      .execute()
    expect(kept).toEqual([{ slug: second }])
  })

  it('answers 404 at every slug of a deleted post (page, API, text)', async () => {
    const post = await renamedTwice()
    // Cached before the deletion: the cache must not keep them.
    for (const key of [post.first, post.second, post.current]) expect((await api(key)).statusCode).toBe(200)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: headersFor(t.app, author),
    })
    expect(deleted.statusCode).toBe(200)
    for (const slug of [post.first, post.second, post.current]) {
      const res = await api(slug)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: POST_MESSAGES.notFound })
      const browser = await page(`/post/${slug}`, BROWSER)
      expect(browser.statusCode).toBe(404)
      expect(browser.headers.location).toBeUndefined()
      expect((await page(`/post/${slug}?T`, CURL)).statusCode).toBe(404)
    }
    expect(
      await t.db.selectFrom('post_old_slugs').where('post_id', '=', post.id).selectAll().execute(),
    ).toEqual([])
  })

  it("keeps an earlier slug for its post: another post's title making it is a 409", async () => {
    const post = await renamedTwice()
    const oldTitle = `${post.first.replaceAll('-', ' ')}!`
    expect(slugify(oldTitle)).toBe(post.first)

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: headersFor(t.app, author),
      payload: {
        title: oldTitle,
        command: `echo taken-${randomUUID()}`,
        description: 'A post trying to take an old address.',
        category: categoryId,
      },
    })
    expect(created.statusCode).toBe(409)
    expect(created.json()).toMatchObject({ statusCode: 409, message: POST_MESSAGES.titleTaken })

    const other = await createPost(t.db, { authorId: author.id, categoryId, title: titled('Another one') })
    const moved = await rename(author, other.id, oldTitle)
    expect(moved.statusCode).toBe(409)
    expect(moved.json()).toMatchObject({ statusCode: 409, message: POST_MESSAGES.titleTaken })

    // The old address still leads to its own post.
    expect((await api(post.first)).json<PostDetailResponse>().post._id).toBe(post.id)
    expect((await page(`/post/${post.first}`, BROWSER)).headers.location).toBe(`/post/${post.current}`)
  })

  it('answers a renamed or new post at its address at once, even one asked for before it existed', async () => {
    const post = await createPost(t.db, { authorId: author.id, categoryId, title: titled('Soon renamed') })
    const title = titled('Brand new name')
    const slug = slugify(title)
    // A miss is cached too: the rename must not leave it answering 404.
    expect((await api(slug)).statusCode).toBe(404)
    expect(await renamed(post.id, title)).toBe(slug)
    const res = await api(slug)
    expect(res.statusCode).toBe(200)
    expect(res.json<PostDetailResponse>().post._id).toBe(post.id)

    // So does a new post's.
    const newTitle = titled('Posted later')
    expect((await api(slugify(newTitle))).statusCode).toBe(404)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: headersFor(t.app, author),
      payload: {
        title: newTitle,
        command: `echo later-${randomUUID()}`,
        description: 'A post whose address was asked for first.',
        category: categoryId,
      },
    })
    expect(created.statusCode).toBe(201)
    expect((await api(slugify(newTitle))).statusCode).toBe(200)
  })
})
