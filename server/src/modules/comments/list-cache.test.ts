import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import type { CommentListResponse } from '../../contract/comments.ts'

/*
 * A post's comment list is read once for all visitors (list-cache.ts) and follows the comments' live
 * events: every change is on the very next read.
 */

let t: TestApp
let author: TestUser
let member: TestUser

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })
  ;[author, member] = await Promise.all([createUser(t.db, { role: 'contributor' }), createUser(t.db)])
})
afterAll(async () => {
  await t?.close()
})

/** The post's comment list as a guest reads it, and how many statements it took. */
async function listOf(
  postId: string,
): Promise<{ status: number; body: CommentListResponse; statements: number }> {
  const { result, statements } = await countStatements(async () =>
    t.app.inject({ url: `/api/comments/${postId}` }),
  )
  return { status: result.statusCode, body: result.json(), statements }
}

const texts = (body: CommentListResponse) =>
  body.comments.map((item) => ('content' in item ? `${item.author.username}: ${item.content}` : 'deleted'))

function write(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: headersFor(t.app, member), ...(payload ? { payload } : {}) })
}

describe("a post's comment list with the page caches on", () => {
  it('is read once, then served with the same live id and no statement', async () => {
    const post = await createPost(t.db, { authorId: author.id })
    const first = await listOf(post.id)
    expect(first.statements).toBeGreaterThan(0)
    const again = await listOf(post.id)
    expect(again.statements).toBe(0)
    expect(again.body).toEqual(first.body)
  })

  it('shows a comment added, edited and deleted on the very next read', async () => {
    const post = await createPost(t.db, { authorId: author.id })
    expect(texts((await listOf(post.id)).body)).toEqual([])
    const added = await write('POST', `/api/comments/${post.id}/`, { post: post.id, content: 'first try' })
    expect(added.statusCode).toBe(201)
    const commentId = added.json().comment._id as string
    expect(texts((await listOf(post.id)).body)).toEqual([`${member.username}: first try`])
    expect((await write('PATCH', `/api/comments/${commentId}`, { content: 'second try' })).statusCode).toBe(
      200,
    )
    expect(texts((await listOf(post.id)).body)).toEqual([`${member.username}: second try`])
    expect((await write('DELETE', `/api/comments/${commentId}`)).statusCode).toBe(200)
    expect(texts((await listOf(post.id)).body)).toEqual([])
  })

  it("drops only the post's own list when one of its comments changes", async () => {
    const [quiet, busy] = await Promise.all([
      createPost(t.db, { authorId: author.id }),
      createPost(t.db, { authorId: author.id }),
    ])
    await Promise.all([listOf(quiet.id), listOf(busy.id)])
    await write('POST', `/api/comments/${busy.id}/`, { post: busy.id, content: 'only here' })
    expect((await listOf(quiet.id)).statements).toBe(0)
    expect((await listOf(busy.id)).statements).toBeGreaterThan(0)
  })

  it("shows an author's new name once the rename's event arrives", async () => {
    const post = await createPost(t.db, { authorId: author.id })
    const writer = await createUser(t.db)
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${post.id}/`,
      headers: headersFor(t.app, writer),
      payload: { post: post.id, content: 'named' },
    })
    expect(added.statusCode).toBe(201)
    expect(texts((await listOf(post.id)).body)).toEqual([`${writer.username}: named`])
    const renamed = `${writer.username}_x`
    await t.db.updateTable('users').set({ username: renamed }).where('id', '=', writer.id).execute()
    await t.app.live.publish('posts', 'author.updated', {
      userId: writer.id,
      username: renamed,
      avatar: null,
    })
    expect(texts((await listOf(post.id)).body)).toEqual([`${renamed}: named`])
  })

  it('answers 404 at once when the post is deleted', async () => {
    const post = await createPost(t.db, { authorId: author.id })
    expect((await listOf(post.id)).status).toBe(200)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${post.id}`,
      headers: headersFor(t.app, author),
    })
    expect(deleted.statusCode).toBe(200)
    expect((await listOf(post.id)).status).toBe(404)
  })
})
