import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createComment,
  createPost,
  createUser,
  headersFor,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { Comment } from '../../contract/comments.ts'
import { LiveComment } from '../../contract/live.ts'
import type { BusMessage } from '../../live/bus.ts'
import { COMMENTS_PER_MINUTE } from './routes.ts'
import {
  COMMENT_CONTROL_CHARACTERS,
  COMMENT_EMPTY,
  COMMENT_NOT_FOUND,
  COMMENT_TOO_LONG,
  NOT_YOUR_COMMENT,
  POST_ID_MISMATCH,
  POST_NOT_FOUND,
} from './service.ts'

let t: TestApp
let author: TestUser
let member: TestUser
let moderator: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ;[author, member, moderator] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db, { points: 120 }),
    createUser(t.db, { role: 'moderator' }),
  ])
})
afterAll(async () => {
  await t?.close()
})

/** A fresh member: each test writes as its own users, so the per-user rate limit never carries over. */
function newMember(points = 0) {
  return createUser(t.db, { points })
}

/** A fresh post by the contributor, so each test counts its own comments. */
function newPost() {
  return createPost(t.db, { authorId: author.id })
}

function postComment(user: TestUser | null, postId: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/comments/${postId}/`,
    headers: headersFor(t.app, user),
    payload: payload as Record<string, unknown>,
  })
}

function deleteRequest(user: TestUser | null, commentId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/comments/${commentId}`,
    headers: headersFor(t.app, user),
  })
}

/** The stored counter and a recount of the rows, which must always agree. */
async function counts(postId: string): Promise<{ stored: number; recount: number }> {
  const post = await t.db
    .selectFrom('posts')
    .select('comments_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow()
  const rows = await t.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow()
  return { stored: post.comments_count, recount: Number(rows.n) }
}

interface EventFrame {
  topic: string
  event: string
  id: string
  data: Record<string, unknown>
}

/** Collects the events the app publishes on one topic. */
function watch(topic: string): { events: EventFrame[]; stop: () => void } {
  const events: EventFrame[] = []
  const stop = t.bus.subscribe({
    message: (message: BusMessage) => {
      if (message.topic === topic && message.event) events.push(JSON.parse(message.frame))
    },
    resumed: () => {},
  })
  return { events, stop }
}

describe('GET /api/comments/{postId}', () => {
  it('lists a post’s comments oldest first with author cards and the topic’s live id', async () => {
    const post = await newPost()
    const now = Date.now()
    const second = await createComment(t.db, {
      postId: post.id,
      authorId: member.id,
      content: 'second',
      createdAt: new Date(now - 1000),
    })
    const first = await createComment(t.db, {
      postId: post.id,
      authorId: author.id,
      content: 'first',
      createdAt: new Date(now - 5000),
    })
    // A comment on another post stays out of the list.
    await createComment(t.db, { postId: (await newPost()).id, authorId: member.id })

    const res = await t.app.inject({ url: `/api/comments/${post.id}` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.liveId).toBe('0')
    expect(body.comments).toEqual([
      {
        _id: first.id,
        postId: post.id,
        content: 'first',
        createdAt: first.created_at.toISOString(),
        editedAt: null,
        author: { _id: author.id, username: author.username, avatar: null, badge: 'Newbie' },
        parentId: null,
      },
      {
        _id: second.id,
        postId: post.id,
        content: 'second',
        createdAt: second.created_at.toISOString(),
        editedAt: null,
        author: { _id: member.id, username: member.username, avatar: null, badge: 'Rising' },
        parentId: null,
      },
    ])
  })

  it('answers an empty list for a post without comments', async () => {
    const post = await newPost()
    const res = await t.app.inject({ url: `/api/comments/${post.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().comments).toEqual([])
  })

  it('carries the id of the last event on post:<id>', async () => {
    const writer = await newMember()
    const post = await newPost()
    const created = await postComment(writer, post.id, { post: post.id, content: 'hello' })
    expect(created.statusCode).toBe(201)
    const body = (await t.app.inject({ url: `/api/comments/${post.id}` })).json()
    expect(body.liveId).not.toBe('0')
    expect(body.liveId).toBe(await t.app.live.currentId(`post:${post.id}`))
  })

  it('answers 404 for an unknown or malformed post id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await t.app.inject({ url: `/api/comments/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: POST_NOT_FOUND })
    }
  })
})

describe('POST /api/comments/{postId}/', () => {
  it('creates a trimmed plain-text comment, answers 201 with the new count and bumps comments_count', async () => {
    const writer = await newMember(120)
    const post = await newPost()
    const content = '  <b>not html</b>\nsecond line  '
    const res = await postComment(writer, post.id, { post: post.id, content })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.commentsCount).toBe(1)
    expect(body.comment).toMatchObject({
      postId: post.id,
      content: '<b>not html</b>\nsecond line',
      author: { _id: writer.id, username: writer.username, avatar: null, badge: 'Rising' },
    })
    const stored = await t.db
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', body.comment._id)
      .executeTakeFirstOrThrow()
    expect(stored.content).toBe('<b>not html</b>\nsecond line')
    expect(body.comment.createdAt).toBe(stored.created_at.toISOString())
    expect(await counts(post.id)).toEqual({ stored: 1, recount: 1 })
  })

  it('accepts exactly 2000 characters', async () => {
    const writer = await newMember()
    const post = await newPost()
    const res = await postComment(writer, post.id, { post: post.id, content: 'x'.repeat(2000) })
    expect(res.statusCode).toBe(201)
    expect(res.json().comment.content).toHaveLength(2000)
  })

  it('answers 401 to a guest', async () => {
    const post = await newPost()
    const res = await postComment(null, post.id, { post: post.id, content: 'hi' })
    expect(res.statusCode).toBe(401)
    expect(await counts(post.id)).toEqual({ stored: 0, recount: 0 })
  })

  it('answers 400 to a malformed body, an unknown field or a missing field', async () => {
    const writer = await newMember()
    const post = await newPost()
    const bodies: unknown[] = [
      { post: post.id, content: 42 },
      { post: post.id, content: 'hi', extra: true },
      { post: post.id },
      { content: 'hi' },
    ]
    for (const payload of bodies) {
      const res = await postComment(writer, post.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${post.id}/`,
      headers: { ...authHeader(loginAs(t.app, writer)), 'content-type': 'application/json' },
      payload: '{"post": ',
    })
    expect(notJson.statusCode).toBe(400)
    expect(await counts(post.id)).toEqual({ stored: 0, recount: 0 })
  })

  it('answers 400 when the body’s post id differs from the URL', async () => {
    const writer = await newMember()
    const [post, other] = await Promise.all([newPost(), newPost()])
    const res = await postComment(writer, post.id, { post: other.id, content: 'hi' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(POST_ID_MISMATCH)
    expect(await counts(post.id)).toEqual({ stored: 0, recount: 0 })
    expect(await counts(other.id)).toEqual({ stored: 0, recount: 0 })
  })

  it('answers 422 to an empty, whitespace-only, too long or escape-carrying comment', async () => {
    const writer = await newMember()
    const post = await newPost()
    const cases: Array<[string, string]> = [
      ['', COMMENT_EMPTY],
      [' \n\t  ', COMMENT_EMPTY],
      ['y'.repeat(2001), COMMENT_TOO_LONG],
      [`  ${'z'.repeat(2001)}  `, COMMENT_TOO_LONG],
      ['see \u001b[5mblinking\u001b[0m', COMMENT_CONTROL_CHARACTERS],
      ['bell\u0007', COMMENT_CONTROL_CHARACTERS],
    ]
    for (const [content, message] of cases) {
      const res = await postComment(writer, post.id, { post: post.id, content })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message })
    }
    expect(await counts(post.id)).toEqual({ stored: 0, recount: 0 })
  })

  it('answers 404 for an unknown post', async () => {
    const writer = await newMember()
    const id = randomUUID()
    const res = await postComment(writer, id, { post: id, content: 'hi' })
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(POST_NOT_FOUND)
  })

  it(`answers 429 with Retry-After after ${COMMENTS_PER_MINUTE} comments a minute by one member`, async () => {
    const [post, busy, other] = await Promise.all([newPost(), createUser(t.db), createUser(t.db)])
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) {
      const res = await postComment(busy, post.id, { post: post.id, content: `comment ${i}` })
      expect(res.statusCode).toBe(201)
    }
    const limited = await postComment(busy, post.id, { post: post.id, content: 'one too many' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
    // The limit is per member: someone else may still comment.
    const fine = await postComment(other, post.id, { post: post.id, content: 'still fine' })
    expect(fine.statusCode).toBe(201)
    expect(await counts(post.id)).toEqual({
      stored: COMMENTS_PER_MINUTE + 1,
      recount: COMMENTS_PER_MINUTE + 1,
    })
  })

  it('publishes comment.created with the comment and its count after the commit', async () => {
    const writer = await newMember()
    const post = await newPost()
    const live = watch(`post:${post.id}`)
    try {
      const res = await postComment(writer, post.id, { post: post.id, content: 'live one' })
      expect(res.statusCode).toBe(201)
      // withTransaction publishes before the handler answers, so the event is already there.
      expect(live.events).toHaveLength(1)
      const [event] = live.events
      expect(event?.event).toBe('comment.created')
      expect(event?.data).toEqual({ ...res.json().comment, commentsCount: 1 })
      expect(Value.Check(LiveComment, event?.data)).toBe(true)
    } finally {
      live.stop()
    }
  })

  it('announces new platform stats after a comment, since it makes its author active today', async () => {
    const writer = await newMember()
    const post = await newPost()
    const live = watch('stats')
    try {
      const res = await postComment(writer, post.id, { post: post.id, content: 'stats please' })
      expect(res.statusCode).toBe(201)
      await expect.poll(() => live.events.length, { timeout: 3000 }).toBeGreaterThan(0)
      expect(live.events.at(-1)?.event).toBe('stats.updated')
    } finally {
      live.stop()
    }
  })

  it('publishes nothing and leaves the counts alone when the write fails', async () => {
    const writer = await newMember()
    const post = await newPost()
    // A trigger makes the comment insert fail after the counter was already raised in the transaction.
    await sql`CREATE FUNCTION reject_test_comment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.content = 'make the insert fail' THEN RAISE EXCEPTION 'rejected by test trigger'; END IF;
        RETURN NEW;
      END $$`.execute(t.db)
    await sql`CREATE TRIGGER reject_test_comment BEFORE INSERT ON comments
      FOR EACH ROW EXECUTE FUNCTION reject_test_comment()`.execute(t.db)
    const live = watch(`post:${post.id}`)
    try {
      const res = await postComment(writer, post.id, { post: post.id, content: 'make the insert fail' })
      expect(res.statusCode).toBe(500)
      expect(await counts(post.id)).toEqual({ stored: 0, recount: 0 })
      expect(live.events).toEqual([])
      expect(await t.app.live.currentId(`post:${post.id}`)).toBe('0')
    } finally {
      live.stop()
      await sql`DROP TRIGGER reject_test_comment ON comments`.execute(t.db)
      await sql`DROP FUNCTION reject_test_comment()`.execute(t.db)
    }
  })

  it('publishes nothing for a rejected comment', async () => {
    const writer = await newMember()
    const post = await newPost()
    const live = watch(`post:${post.id}`)
    try {
      expect((await postComment(writer, post.id, { post: post.id, content: '   ' })).statusCode).toBe(422)
      expect((await postComment(null, post.id, { post: post.id, content: 'x' })).statusCode).toBe(401)
      expect(live.events).toEqual([])
    } finally {
      live.stop()
    }
  })

  it('keeps comments_count equal to a recount after 30 concurrent comments by different members', async () => {
    const post = await newPost()
    const users = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)))
    const live = watch(`post:${post.id}`)
    try {
      const responses = await Promise.all(
        users.map((user, i) => postComment(user, post.id, { post: post.id, content: `concurrent ${i}` })),
      )
      expect(responses.map((res) => res.statusCode)).toEqual(users.map(() => 201))
      // Each answer carries a distinct count: every transaction saw the count its own insert produced.
      const reported = responses.map((res) => res.json().commentsCount as number).sort((a, b) => a - b)
      expect(reported).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
      expect(await counts(post.id)).toEqual({ stored: 30, recount: 30 })
      expect(live.events.map((e) => e.event)).toEqual(users.map(() => 'comment.created'))
      // Every commit is published once with the count it produced. Publication order can differ from
      // commit order when two transactions finish together (known gap: payloads carry no row version yet).
      const liveCounts = live.events.map((e) => Number(e.data.commentsCount)).sort((a, b) => a - b)
      expect(liveCounts).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    } finally {
      live.stop()
    }
  })
})

describe('DELETE /api/comments/{commentId}', () => {
  /** A post with one comment by a fresh member, who is returned as `owner`. */
  async function postWithComment(): Promise<{ postId: string; commentId: string; owner: TestUser }> {
    const [post, owner] = await Promise.all([newPost(), newMember()])
    const res = await postComment(owner, post.id, { post: post.id, content: 'to be deleted' })
    expect(res.statusCode).toBe(201)
    return { postId: post.id, commentId: (res.json().comment as Comment)._id, owner }
  }

  it('lets the author delete their comment, decrementing the count', async () => {
    const { postId, commentId, owner } = await postWithComment()
    const res = await deleteRequest(owner, commentId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ postId, commentId, commentsCount: 0 })
    expect(await counts(postId)).toEqual({ stored: 0, recount: 0 })
  })

  it('lets a moderator delete anyone’s comment', async () => {
    const { postId, commentId } = await postWithComment()
    const res = await deleteRequest(moderator, commentId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ postId, commentId, commentsCount: 0 })
  })

  it('answers 403 to another member, even the post’s author, and keeps the comment', async () => {
    const { postId, commentId } = await postWithComment()
    for (const user of [author, await createUser(t.db)]) {
      const res = await deleteRequest(user, commentId)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: NOT_YOUR_COMMENT })
    }
    expect(await counts(postId)).toEqual({ stored: 1, recount: 1 })
  })

  it('answers 401 to a guest', async () => {
    const { postId, commentId } = await postWithComment()
    expect((await deleteRequest(null, commentId)).statusCode).toBe(401)
    expect(await counts(postId)).toEqual({ stored: 1, recount: 1 })
  })

  it('answers 404 for an unknown, malformed or already deleted comment', async () => {
    const { commentId, owner } = await postWithComment()
    expect((await deleteRequest(owner, commentId)).statusCode).toBe(200)
    for (const id of [commentId, randomUUID(), 'nope']) {
      const res = await deleteRequest(owner, id)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(COMMENT_NOT_FOUND)
    }
  })

  it('publishes comment.deleted with the new count after the commit, and nothing when refused', async () => {
    const { postId, commentId, owner } = await postWithComment()
    const live = watch(`post:${postId}`)
    try {
      expect((await deleteRequest(author, commentId)).statusCode).toBe(403)
      expect(live.events).toEqual([])
      expect((await deleteRequest(owner, commentId)).statusCode).toBe(200)
      expect(live.events.map(({ event, data }) => ({ event, data }))).toEqual([
        { event: 'comment.deleted', data: { postId, commentId, commentsCount: 0 } },
      ])
    } finally {
      live.stop()
    }
  })

  it('keeps the count equal to a recount after concurrent deletes, including repeats of one comment', async () => {
    const post = await newPost()
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)))
    const created = await Promise.all(
      users.map((user, i) => postComment(user, post.id, { post: post.id, content: `c${i}` })),
    )
    const ids = created.map((res) => (res.json().comment as Comment)._id)
    // Eight owners delete theirs, and a moderator deletes the first one twice at the same time.
    const responses = await Promise.all([
      ...users.slice(0, 8).map((user, i) => deleteRequest(user, ids[i] ?? '')),
      deleteRequest(moderator, ids[0] ?? ''),
      deleteRequest(moderator, ids[0] ?? ''),
    ])
    const statuses = responses.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(8)
    expect(statuses.filter((s) => s === 404)).toHaveLength(2)
    expect(await counts(post.id)).toEqual({ stored: 4, recount: 4 })
  })
})
