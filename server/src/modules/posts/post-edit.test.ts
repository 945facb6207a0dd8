import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import { createCategory, createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import type { PostDetailResponse, PostResponse } from '../../contract/posts.ts'
import { POST_MESSAGES } from './service.ts'

let t: TestApp
let author: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
})
afterAll(async () => {
  await t?.close()
})

const update = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/posts/update', headers: headersFor(t.app, user), payload })
const detail = async (slug: string) =>
  (await t.app.inject({ url: `/api/posts/${slug}` })).json<PostDetailResponse>().post

describe('editedAt on posts', () => {
  it('is null until the first edit, then the edit time, sent live with the card', async () => {
    const category = await createCategory(t.db)
    const post = await createPost(t.db, { authorId: author.id, categoryId: category.id })
    expect((await detail(post.slug)).editedAt).toBeNull()

    const title = `Edited title ${randomUUID().slice(0, 8)}`
    const { events, stop } = recordEvents(t.bus)
    const res = await update(author, { id: post.id, title }).finally(stop)

    expect(res.statusCode).toBe(200)
    const card = res.json<PostResponse>().post
    expect(Date.parse(card.editedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(card.createdAt).toBe(post.created_at.toISOString())
    expect(await detail(card.slug)).toMatchObject({ title, editedAt: card.editedAt })
    const live = events.filter((e) => e.event === 'post.updated')
    expect(live).toHaveLength(1)
    expect(live[0]).toMatchObject({
      topic: `post:${post.id}`,
      data: { _id: post.id, title, editedAt: card.editedAt },
    })
  })

  it('lets a moderator edit, and marks the post edited', async () => {
    const moderator = await createUser(t.db, { role: 'moderator' })
    const post = await createPost(t.db, { authorId: author.id })
    const res = await update(moderator, {
      id: post.id,
      command: `echo moderated-${randomUUID().slice(0, 8)}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<PostResponse>().post.editedAt).toEqual(expect.any(String))
  })

  it('answers 403 to another contributor editing or deleting the post, and changes nothing', async () => {
    const other = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, { authorId: author.id })
    const edited = await update(other, { id: post.id, title: 'Not yours to change' })
    expect(edited.statusCode).toBe(403)
    expect(edited.json()).toMatchObject({ statusCode: 403, message: POST_MESSAGES.notAuthor })
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: headersFor(t.app, other),
    })
    expect(deleted.statusCode).toBe(403)
    expect(await detail(post.slug)).toMatchObject({ title: post.title, editedAt: null })
  })
})
