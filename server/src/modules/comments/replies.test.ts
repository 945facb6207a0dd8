import { randomUUID } from 'node:crypto'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import { type Comment, CommentListResponse, MENTIONS_NOTIFIED_MAX } from '../../contract/comments.ts'
import { LiveEvents } from '../../contract/live.ts'
import type { Notification } from '../../contract/notifications.ts'
import type { BusMessage } from '../../live/bus.ts'
import { COMMENT_NOT_FOUND, PARENT_NOT_FOUND } from './service.ts'

let t: TestApp
let postAuthor: TestUser
let moderator: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ;[postAuthor, moderator] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db, { role: 'moderator' }),
  ])
})
afterAll(async () => {
  await t?.close()
})

/** Fresh members, so the per-user comment rate limit never carries over between tests. */
function members(n: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: n }, () => createUser(t.db)))
}

function newPost() {
  return createPost(t.db, { authorId: postAuthor.id })
}

async function post(user: TestUser, postId: string, content: string, parentId?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/comments/${postId}/`,
    headers: headersFor(t.app, user),
    payload: { post: postId, content, ...(parentId === undefined ? {} : { parentId }) },
  })
}

/** Posts a comment that must succeed, and answers it. */
async function comment(user: TestUser, postId: string, content: string, parentId?: string): Promise<Comment> {
  const res = await post(user, postId, content, parentId)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().comment
}

function remove(user: TestUser, commentId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/comments/${commentId}`,
    headers: headersFor(t.app, user),
  })
}

async function list(postId: string) {
  const res = await t.app.inject({ url: `/api/comments/${postId}` })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  expect(Value.Check(CommentListResponse, body)).toBe(true)
  return body.comments as Array<Record<string, unknown>>
}

/** The stored count, and a recount of the comments people can read (placeholders are not counted). */
async function counts(postId: string) {
  const stored = await t.db
    .selectFrom('posts')
    .select('comments_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow()
  const rows = await t.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('post_id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { stored: stored.comments_count, recount: Number(rows.n) }
}

async function notificationsOf(user: TestUser): Promise<Notification[]> {
  const res = await t.app.inject({ url: '/api/notifications', headers: headersFor(t.app, user) })
  expect(res.statusCode).toBe(200)
  return res.json().notifications
}

interface Frame {
  event: string
  data: Record<string, unknown>
}

/** Collects the events published on one topic. */
function watch(topic: string): { events: Frame[]; stop: () => void } {
  const events: Frame[] = []
  const stop = t.bus.subscribe({
    message: (message: BusMessage) => {
      if (message.topic === topic && message.event) events.push(JSON.parse(message.frame))
    },
    resumed: () => {},
  })
  return { events, stop }
}

describe('replies', () => {
  it('attaches a reply to its parent, lists it with parentId and tells the parent’s author', async () => {
    const [a, b] = await members(2)
    if (!a || !b) throw new Error('members missing')
    const p = await newPost()
    const parent = await comment(b, p.id, 'What does -r do?')
    const live = watch(`user:${b.id}`)
    try {
      const reply = await comment(a, p.id, 'It recurses.', parent._id)
      expect(reply.parentId).toBe(parent._id)
      expect(parent.parentId).toBeNull()
      const listed = await list(p.id)
      expect(listed.map((c) => [c._id, c.parentId])).toEqual([
        [parent._id, null],
        [reply._id, parent._id],
      ])
      expect(await counts(p.id)).toEqual({ stored: 2, recount: 2 })
      const [notice] = await notificationsOf(b)
      expect(notice).toMatchObject({
        kind: 'reply',
        text: `${a.username} replied to your comment on "${p.title}"`,
        link: `/post/${p.slug}#comment-${reply._id}`,
      })
      // Published after the commit, on the parent author's own topic.
      expect(live.events.map((e) => [e.event, e.data._id])).toEqual([['notification', notice?._id]])
    } finally {
      live.stop()
    }
  })

  it('answers 404 to a reply to a missing, malformed or deleted comment, and writes nothing', async () => {
    const [a] = await members(1)
    if (!a) throw new Error('member missing')
    const p = await newPost()
    const gone = await comment(a, p.id, 'soon gone')
    expect((await remove(a, gone._id)).statusCode).toBe(200)
    for (const parentId of [randomUUID(), 'not-a-uuid', gone._id]) {
      const res = await post(a, p.id, 'into the void', parentId)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: PARENT_NOT_FOUND })
    }
    expect(await counts(p.id)).toEqual({ stored: 0, recount: 0 })
  })

  it('answers 404 to a reply naming a comment of another post', async () => {
    const [a, b] = await members(2)
    if (!a || !b) throw new Error('members missing')
    const [p, other] = await Promise.all([newPost(), newPost()])
    const elsewhere = await comment(b, other.id, 'on the other post')
    const res = await post(a, p.id, 'wrong thread', elsewhere._id)
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(PARENT_NOT_FOUND)
    expect(await counts(p.id)).toEqual({ stored: 0, recount: 0 })
    expect(await notificationsOf(b)).toEqual([])
  })

  it('answers 400 to a parentId that is not a string', async () => {
    const [a] = await members(1)
    if (!a) throw new Error('member missing')
    const p = await newPost()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${p.id}/`,
      headers: headersFor(t.app, a),
      payload: { post: p.id, content: 'hi', parentId: 42 },
    })
    expect(res.statusCode).toBe(400)
  })

  it('joins a reply to a reply to the top-level comment, and tells the author of the reply answered', async () => {
    const [a, b, c] = await members(3)
    if (!a || !b || !c) throw new Error('members missing')
    const p = await newPost()
    const top = await comment(a, p.id, 'top')
    const first = await comment(b, p.id, 'first reply', top._id)
    const second = await comment(c, p.id, 'reply to the reply', first._id)
    expect(second.parentId).toBe(top._id)
    expect((await notificationsOf(b)).map((n) => n.kind)).toEqual(['reply'])
    // a was told of b's reply only: c answered b.
    expect((await notificationsOf(a)).map((n) => n.link)).toEqual([`/post/${p.slug}#comment-${first._id}`])
  })

  it('does not tell you of your own reply, and tells the post’s author once even when they are the parent’s author', async () => {
    const [a] = await members(1)
    if (!a) throw new Error('member missing')
    const p = await newPost()
    const mine = await comment(a, p.id, 'mine')
    await comment(a, p.id, 'and a follow-up', mine._id)
    expect(await notificationsOf(a)).toEqual([])
    const before = (await notificationsOf(postAuthor)).length
    const authors = await comment(postAuthor, p.id, 'the author speaks')
    await comment(a, p.id, `@${postAuthor.username} thanks`, authors._id)
    const after = await notificationsOf(postAuthor)
    // One reply notice: the mention and the post-author notice of the same comment are not added.
    expect(after.length - before).toBe(1)
    expect(after[0]?.kind).toBe('reply')
  })
})

describe('mentions', () => {
  it('notifies a mentioned member (persisted and live), ignoring case, once per comment', async () => {
    const [a, c] = await members(2)
    if (!a || !c) throw new Error('members missing')
    const p = await newPost()
    const live = watch(`user:${c.id}`)
    try {
      const said = await comment(a, p.id, `cc @${c.username.toUpperCase()} and again @${c.username}.`)
      const notices = await notificationsOf(c)
      expect(notices).toHaveLength(1)
      expect(notices[0]).toMatchObject({
        kind: 'mention',
        text: `${a.username} mentioned you in a comment on "${p.title}"`,
        link: `/post/${p.slug}#comment-${said._id}`,
        read: false,
      })
      expect(live.events).toHaveLength(1)
      expect(live.events[0]?.event).toBe('notification')
      expect(live.events[0]?.data).toMatchObject({ _id: notices[0]?._id, kind: 'mention', unreadCount: 1 })
      expect(Value.Check(LiveEvents.user.notification, live.events[0]?.data)).toBe(true)
    } finally {
      live.stop()
    }
  })

  it('does nothing for unknown names, your own name or an email address', async () => {
    const [a, c] = await members(2)
    if (!a || !c) throw new Error('members missing')
    const p = await newPost()
    const before = await t.db.selectFrom('notifications').select('id').where('kind', '=', 'mention').execute()
    await comment(a, p.id, `@nobody_${Date.now()} and @${a.username} and ${c.username}@example.com`)
    const after = await t.db.selectFrom('notifications').select('id').where('kind', '=', 'mention').execute()
    expect(after).toHaveLength(before.length)
    expect(await notificationsOf(a)).toEqual([])
    expect(await notificationsOf(c)).toEqual([])
  })

  it(`notifies at most ${MENTIONS_NOTIFIED_MAX} members per comment, the first ones written`, async () => {
    const [a, ...others] = await members(MENTIONS_NOTIFIED_MAX + 2)
    if (!a) throw new Error('member missing')
    const p = await newPost()
    await comment(a, p.id, others.map((u) => `@${u.username}`).join(' '))
    const told = await Promise.all(others.map(async (u) => (await notificationsOf(u)).length))
    expect(told).toEqual(others.map((_, i) => (i < MENTIONS_NOTIFIED_MAX ? 1 : 0)))
  })

  it('writes no notification when the comment is refused', async () => {
    const [a, c] = await members(2)
    if (!a || !c) throw new Error('members missing')
    const p = await newPost()
    expect((await post(a, p.id, `@${c.username}`, randomUUID())).statusCode).toBe(404)
    expect(await notificationsOf(c)).toEqual([])
  })
})

describe('deleting a comment with replies', () => {
  it('keeps a placeholder without text or author, drops the count, and removes it with its last reply', async () => {
    const [a, b, c] = await members(3)
    if (!a || !b || !c) throw new Error('members missing')
    const p = await newPost()
    const parent = await comment(a, p.id, 'parent')
    const r1 = await comment(b, p.id, 'reply one', parent._id)
    const r2 = await comment(c, p.id, 'reply two', parent._id)
    expect(await counts(p.id)).toEqual({ stored: 3, recount: 3 })

    const live = watch(`post:${p.id}`)
    try {
      const res = await remove(a, parent._id)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ postId: p.id, commentId: parent._id, commentsCount: 2, placeholder: true })
      expect(await list(p.id)).toEqual([
        { _id: parent._id, postId: p.id, createdAt: parent.createdAt, parentId: null, deleted: true },
        expect.objectContaining({ _id: r1._id, parentId: parent._id, content: 'reply one' }),
        expect.objectContaining({ _id: r2._id, parentId: parent._id, content: 'reply two' }),
      ])
      const stored = await t.db
        .selectFrom('comments')
        .select(['content', 'deleted_at'])
        .where('id', '=', parent._id)
        .executeTakeFirstOrThrow()
      expect(stored.content).toBe('')
      expect(stored.deleted_at).toBeInstanceOf(Date)
      expect(await counts(p.id)).toEqual({ stored: 2, recount: 2 })
      // A placeholder is already deleted: deleting, editing or answering it again is a 404.
      expect((await remove(a, parent._id)).json().message).toBe(COMMENT_NOT_FOUND)
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/comments/${parent._id}`,
        headers: headersFor(t.app, a),
        payload: { content: 'back from the dead' },
      })
      expect(edit.statusCode).toBe(404)
      expect((await post(b, p.id, 'late', parent._id)).statusCode).toBe(404)

      expect((await remove(b, r1._id)).json()).toEqual({ postId: p.id, commentId: r1._id, commentsCount: 1 })
      expect((await list(p.id)).map((c) => c._id)).toEqual([parent._id, r2._id])
      // The moderator deletes the last reply: the placeholder goes with it.
      expect((await remove(moderator, r2._id)).json()).toEqual({
        postId: p.id,
        commentId: r2._id,
        commentsCount: 0,
        removedParentId: parent._id,
      })
      expect(await list(p.id)).toEqual([])
      expect(await counts(p.id)).toEqual({ stored: 0, recount: 0 })

      const deleted = live.events.filter((e) => e.event === 'comment.deleted').map((e) => e.data)
      expect(deleted).toEqual([
        { postId: p.id, commentId: parent._id, commentsCount: 2, placeholder: true },
        { postId: p.id, commentId: r1._id, commentsCount: 1 },
        { postId: p.id, commentId: r2._id, commentsCount: 0, removedParentId: parent._id },
      ])
      for (const data of deleted) {
        expect(Value.Check(LiveEvents.post['comment.deleted'], data)).toBe(true)
      }
    } finally {
      live.stop()
    }
  })

  it('removes a comment without replies outright, and a reply without touching its live parent', async () => {
    const [a, b] = await members(2)
    if (!a || !b) throw new Error('members missing')
    const p = await newPost()
    const parent = await comment(a, p.id, 'parent')
    const reply = await comment(b, p.id, 'reply', parent._id)
    expect((await remove(b, reply._id)).json()).toEqual({
      postId: p.id,
      commentId: reply._id,
      commentsCount: 1,
    })
    expect((await remove(a, parent._id)).json()).toEqual({
      postId: p.id,
      commentId: parent._id,
      commentsCount: 0,
    })
    const rows = await t.db.selectFrom('comments').select('id').where('post_id', '=', p.id).execute()
    expect(rows).toEqual([])
  })

  it('lets a moderator delete a comment with replies, which keeps the placeholder too', async () => {
    const [a, b] = await members(2)
    if (!a || !b) throw new Error('members missing')
    const p = await newPost()
    const parent = await comment(a, p.id, 'rude parent')
    await comment(b, p.id, 'polite reply', parent._id)
    const res = await remove(moderator, parent._id)
    expect(res.json()).toMatchObject({ commentsCount: 1, placeholder: true })
    expect((await list(p.id))[0]).toMatchObject({ _id: parent._id, deleted: true })
  })
})
