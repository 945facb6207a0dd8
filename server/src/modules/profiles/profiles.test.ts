import { randomUUID } from 'node:crypto'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createComment, createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import { xssPayloads } from '../../../test/xss-corpus.ts'
import type { CollectionSummary } from '../../contract/collections.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  PUBLIC_PROFILE_POSTS_PAGE_SIZE,
  PublicProfileResponse,
  USER_NOT_FOUND,
} from '../../contract/profiles.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

const profile = (username: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(username)}/profile${query}` })

async function createCollection(user: TestUser, body: { name: string; public: boolean }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: headersFor(t.app, user),
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<CollectionSummary>()
}

/** A contributor with `count` posts one minute apart (the last one newest), counted on their row. */
async function authorWithPosts(count: number) {
  const user = await createUser(t.db, { role: 'contributor', points: 120 })
  const posts = []
  for (let i = 0; i < count; i += 1) {
    posts.push(
      await createPost(t.db, {
        authorId: user.id,
        title: `Profile ${i} ${randomUUID().slice(0, 8)}`,
        createdAt: new Date(Date.now() - (count - i) * 60_000),
      }),
    )
  }
  await t.db.updateTable('users').set({ post_count: count }).where('id', '=', user.id).execute()
  return { user, posts }
}

describe('GET /api/users/{username}/profile', () => {
  it('answers the member, their posts newest first, public collections only and latest comments', async () => {
    const { user, posts } = await authorWithPosts(2)
    const other = await createUser(t.db, { role: 'contributor' })
    const elsewhere = await createPost(t.db, { authorId: other.id })
    await createComment(t.db, {
      postId: elsewhere.id,
      authorId: user.id,
      content: 'older remark',
      createdAt: new Date(Date.now() - 120_000),
    })
    await createComment(t.db, { postId: elsewhere.id, authorId: user.id, content: 'newer remark' })
    await createComment(t.db, { postId: elsewhere.id, authorId: other.id, content: 'not theirs' })
    const shown = await createCollection(user, { name: 'Shown to all', public: true })
    await createCollection(user, { name: 'Kept to myself', public: false })

    const res = await profile(user.username)

    expect(res.statusCode).toBe(200)
    const body = res.json<PublicProfileResponse>()
    expect(Value.Check(PublicProfileResponse, body)).toBe(true)
    expect(body.user).toEqual({
      _id: user.id,
      username: user.username,
      avatar: null,
      badge: 'Rising',
      points: 120,
      createdAt: user.created_at.toISOString(),
      totalPosts: 2,
      totalComments: 2,
    })
    expect(body.posts.map((p) => p._id)).toEqual([posts[1]?.id, posts[0]?.id])
    expect(body.posts[0]).toMatchObject({ slug: posts[1]?.slug, command: posts[1]?.command })
    expect(body.postsPage).toEqual({
      page: 1,
      pageSize: PUBLIC_PROFILE_POSTS_PAGE_SIZE,
      totalPosts: 2,
      totalPages: 1,
    })
    expect(body.collections.map((c) => c._id)).toEqual([shown._id])
    expect(JSON.stringify(body)).not.toContain('Kept to myself')
    expect(body.comments.map((c) => c.content)).toEqual(['newer remark', 'older remark'])
    expect(body.comments[0]?.post).toEqual({
      _id: elsewhere.id,
      title: elsewhere.title,
      slug: elsewhere.slug,
    })
    // Nothing private about the member leaves the server.
    expect(JSON.stringify(body)).not.toContain(user.email)
  })

  it('finds the member whatever the case of the name', async () => {
    const user = await createUser(t.db)
    const res = await profile(user.username.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json<PublicProfileResponse>().user.username).toBe(user.username)
  })

  it('pages the posts, and a page past the last one is empty', async () => {
    const { user, posts } = await authorWithPosts(PUBLIC_PROFILE_POSTS_PAGE_SIZE + 2)
    const second = await profile(user.username, '?page=2')
    expect(second.statusCode).toBe(200)
    const body = second.json<PublicProfileResponse>()
    expect(body.posts.map((p) => p._id)).toEqual([posts[1]?.id, posts[0]?.id])
    expect(body.postsPage).toMatchObject({
      page: 2,
      totalPages: 2,
      totalPosts: PUBLIC_PROFILE_POSTS_PAGE_SIZE + 2,
    })
    const past = await profile(user.username, '?page=3')
    expect(past.statusCode).toBe(200)
    expect(past.json<PublicProfileResponse>().posts).toEqual([])
  })

  it('answers empty lists for a new member', async () => {
    const user = await createUser(t.db)
    const body = (await profile(user.username)).json<PublicProfileResponse>()
    expect(body).toMatchObject({
      posts: [],
      collections: [],
      comments: [],
      user: { totalPosts: 0, badge: 'Newbie' },
    })
  })

  it('answers 404 in the standard shape for an unknown user', async () => {
    const res = await profile(`nobody_${randomUUID().slice(0, 8)}`)
    expect(res.statusCode).toBe(404)
    expect(Value.Check(ErrorResponse, res.json())).toBe(true)
    expect(res.json().message).toBe(USER_NOT_FOUND)
  })

  it.each(['?page=0', '?page=1.5', '?page=abc', '?sort=new'])('refuses %s with 400', async (query) => {
    const user = await createUser(t.db)
    const res = await profile(user.username, query)
    expect(res.statusCode).toBe(400)
    expect(Value.Check(ErrorResponse, res.json())).toBe(true)
  })
})

describe('the public profile page', () => {
  const html = { accept: 'text/html' }
  const meta = (page: string, key: string) =>
    page.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1]

  it('arrives with the member’s name in the title and Open Graph tags', async () => {
    const { user } = await authorWithPosts(1)
    const res = await t.app.inject({ url: `/u/${user.username}`, headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<title>${user.username} | Bashboard</title>`)
    expect(meta(res.body, 'og:title')).toBe(`${user.username} on Bashboard`)
    expect(meta(res.body, 'og:type')).toBe('profile')
    expect(meta(res.body, 'profile:username')).toBe(user.username)
    expect(meta(res.body, 'og:url')).toBe(`http://localhost:3000/u/${user.username}`)
    expect(meta(res.body, 'description')).toMatch(
      new RegExp(`^${user.username} is a Rising member of Bashboard with 120 points and 1 command shared`),
    )
  })

  it('is a 404 with noindex for an unknown member', async () => {
    const res = await t.app.inject({ url: `/u/nobody_${randomUUID().slice(0, 8)}`, headers: html })
    expect(res.statusCode).toBe(404)
    expect(meta(res.body, 'robots')).toBe('noindex')
    expect(res.body).toContain(`<title>${USER_NOT_FOUND} | Bashboard</title>`)
  })

  /** The tag names in a page's head: only the ones the server writes may appear. */
  function unexpectedTags(page: string): string[] {
    const head = page.slice(0, page.indexOf('</head>'))
    const tags = [...head.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((match) => match[1]?.toLowerCase() ?? '')
    return tags.filter((tag) => !['head', 'html', 'title', 'meta', 'link'].includes(tag))
  }

  it('keeps XSS payloads as usernames inert in the profile page head', async () => {
    // The signup rule keeps such names out, but the head must not depend on it: rows written directly,
    // cut to the 30 characters the table allows.
    const failures: string[] = []
    for (const [index, payload] of xssPayloads().entries()) {
      if (index % 5 !== 0) continue
      const username = Array.from(`${index}${payload.replaceAll('\u0000', '')}`)
        .slice(0, 30)
        .join('')
      const user = await createUser(t.db, { username })
      const page = await t.app.inject({ url: `/u/${encodeURIComponent(user.username)}`, headers: html })
      if (page.statusCode !== 200) failures.push(`${page.statusCode} for ${username}`)
      const tags = unexpectedTags(page.body)
      if (tags.length > 0) failures.push(`${username} → <${tags.join('>, <')}>`)
    }
    expect(failures).toEqual([])
  })

  it('keeps XSS payloads as post titles and descriptions inert in the post page head', async () => {
    const failures: string[] = []
    const author = await createUser(t.db, { role: 'contributor' })
    for (const [index, payload] of xssPayloads().entries()) {
      if (index % 10 !== 0) continue
      const text = payload.replaceAll('\u0000', '')
      const post = await createPost(t.db, { authorId: author.id, title: `${index} ${text}` })
      await t.db
        .updateTable('posts')
        .set({ description: text, description_text: text })
        .where('id', '=', post.id)
        .execute()
      const postPage = await t.app.inject({ url: `/post/${encodeURIComponent(post.slug)}`, headers: html })
      const postTags = unexpectedTags(postPage.body)
      if (postTags.length > 0) failures.push(`post: ${payload} → <${postTags.join('>, <')}>`)
    }
    expect(failures).toEqual([])
  })
})
