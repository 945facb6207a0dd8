import { randomUUID } from 'node:crypto'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import { createComment, createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import {
  COMMENT_EDIT_WINDOW_MINUTES,
  COMMENT_MAX_LENGTH,
  type CommentListResponse,
  EditCommentResponse,
} from '../../contract/comments.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  COMMENT_EDIT_WINDOW_PASSED,
  COMMENT_EMPTY,
  COMMENT_NOT_FOUND,
  COMMENT_TOO_LONG,
  NOT_YOUR_COMMENT_EDIT,
} from './service.ts'

let t: TestApp
let author: TestUser
let member: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  author = await createUser(t.db, { role: 'contributor' })
  member = await createUser(t.db)
})
afterAll(async () => {
  await t?.close()
})

function edit(user: TestUser | null, commentId: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/comments/${commentId}`,
    headers: headersFor(t.app, user),
    payload: payload as Record<string, unknown>,
  })
}

async function freshComment(createdAt?: Date) {
  const post = await createPost(t.db, { authorId: author.id })
  const comment = await createComment(t.db, {
    postId: post.id,
    authorId: member.id,
    content: 'first words',
    ...(createdAt ? { createdAt } : {}),
  })
  return { post, comment }
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { message: string }
  expect(Value.Check(ErrorResponse, body)).toBe(true)
  if (message) expect(body.message).toBe(message)
}

describe('PATCH /api/comments/{commentId}', () => {
  it('replaces the text, stamps editedAt, lists it and pushes comment.updated live', async () => {
    const { post, comment } = await freshComment()
    const listed = async () =>
      (await t.app.inject({ url: `/api/comments/${post.id}` })).json<CommentListResponse>().comments[0]
    expect(await listed()).toMatchObject({ _id: comment.id, editedAt: null })

    const { events, stop } = recordEvents(t.bus)
    const res = await edit(member, comment.id, { content: '  better words  ' }).finally(stop)

    expect(res.statusCode).toBe(200)
    const body = res.json<EditCommentResponse>()
    expect(Value.Check(EditCommentResponse, body)).toBe(true)
    expect(body.comment).toMatchObject({ _id: comment.id, content: 'better words', postId: post.id })
    expect(Date.parse(body.comment.editedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(body.comment.createdAt).toBe(comment.created_at.toISOString())
    expect(await listed()).toMatchObject({ content: 'better words', editedAt: body.comment.editedAt })
    expect(events.filter((e) => e.event === 'comment.updated')).toEqual([
      { topic: `post:${post.id}`, event: 'comment.updated', data: body.comment },
    ])
  })

  it('answers 403 with a clear message once the edit window has passed, and keeps the text', async () => {
    const { comment } = await freshComment()
    // Set back in the database, just past the window.
    await t.db
      .updateTable('comments')
      .set({ created_at: new Date(Date.now() - (COMMENT_EDIT_WINDOW_MINUTES * 60 + 5) * 1000) })
      .where('id', '=', comment.id)
      .execute()
    expectError(await edit(member, comment.id, { content: 'too late' }), 403, COMMENT_EDIT_WINDOW_PASSED)
    const row = await t.db
      .selectFrom('comments')
      .select(['content', 'edited_at'])
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ content: 'first words', edited_at: null })
    // Deleting has no window.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${comment.id}`,
      headers: headersFor(t.app, member),
    })
    expect(removed.statusCode).toBe(200)
  })

  it('still lets the author edit just inside the window', async () => {
    const { comment } = await freshComment(
      new Date(Date.now() - (COMMENT_EDIT_WINDOW_MINUTES * 60 - 30) * 1000),
    )
    expect((await edit(member, comment.id, { content: 'just in time' })).statusCode).toBe(200)
  })

  it('answers 403 to anyone but the author, moderators included', async () => {
    const { comment } = await freshComment()
    const moderator = await createUser(t.db, { role: 'moderator' })
    for (const user of [author, moderator]) {
      expectError(await edit(user, comment.id, { content: 'not mine' }), 403, NOT_YOUR_COMMENT_EDIT)
    }
  })

  it('answers 404 for an unknown or malformed comment id', async () => {
    expectError(await edit(member, randomUUID(), { content: 'hello' }), 404, COMMENT_NOT_FOUND)
    expectError(await edit(member, 'not-a-uuid', { content: 'hello' }), 404, COMMENT_NOT_FOUND)
  })

  it('applies the rules of a new comment: 422 when empty or too long', async () => {
    const { comment } = await freshComment()
    expectError(await edit(member, comment.id, { content: '   ' }), 422, COMMENT_EMPTY)
    expectError(
      await edit(member, comment.id, { content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }),
      422,
      COMMENT_TOO_LONG,
    )
  })

  it('answers 400 for a missing or unknown field and a NUL character, 401 to guests', async () => {
    const { comment } = await freshComment()
    expectError(await edit(member, comment.id, {}), 400)
    expectError(await edit(member, comment.id, { content: 'hi', post: comment.post_id }), 400)
    expectError(await edit(member, comment.id, { content: 'a\u0000b' }), 400)
    expectError(await edit(null, comment.id, { content: 'hi' }), 401)
  })
})
