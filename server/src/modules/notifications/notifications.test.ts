import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { sleep } from '../../../test/events.ts'
import {
  authHeader,
  createComment,
  createPost,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { Notification, NotificationsResponse } from '../../contract/notifications.ts'
import type { BusMessage } from '../../live/bus.ts'
import { withTransaction } from '../../live/outbox.ts'
import { createNotification, REMOVAL_LINK, REMOVAL_NEXT_STEPS, UPVOTE_PUSH_WINDOW_MS } from './service.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Pushed = Notification & { unreadCount: number }

/** Records the `notification` events of `user:<id>`. */
function recordNotifications(userId: string) {
  const events: Pushed[] = []
  const stop = t.bus.subscribe({
    message: (message: BusMessage) => {
      if (message.topic === `user:${userId}` && message.event === 'notification')
        events.push(JSON.parse(message.frame).data)
    },
    resumed: () => {},
  })
  return { events, stop }
}

/** The user's notifications once the votes so far have settled (vote-settler.ts writes the upvote rows). */
async function list(user: TestUser): Promise<NotificationsResponse> {
  await t.app.voteSettler.settleAll()
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: authHeader(loginAs(t.app, user)),
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

function comment(user: TestUser, postId: string, content = 'Nice one!') {
  return t.app.inject({
    method: 'POST',
    url: `/api/comments/${postId}/`,
    headers: authHeader(loginAs(t.app, user)),
    payload: { post: postId, content },
  })
}

function upvote(user: TestUser, postId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/posts/upvote/${postId}`,
    headers: authHeader(loginAs(t.app, user)),
  })
}

describe('member-only endpoints', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/read-all'],
    ['POST', `/api/notifications/${randomUUID()}/read`],
  ] as const)('%s %s answers 401 to guests', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401)
  })
})

describe('comment notifications', () => {
  it('tells the post’s author about a comment, stored and pushed live with the unread count', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const commenter = await createUser(t.db)
    const post = await createPost(t.db, {
      authorId: author.id,
      title: `Tail logs ${randomUUID().slice(0, 6)}`,
    })
    const { events, stop } = recordNotifications(author.id)

    expect((await comment(commenter, post.id)).statusCode).toBe(201)
    stop()

    const text = `${commenter.username} commented on your command "${post.title}"`
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      kind: 'comment',
      text,
      link: `/post/${post.slug}`,
      count: 1,
      read: false,
      unreadCount: 1,
    })
    const body = await list(author)
    expect(body.unreadCount).toBe(1)
    expect(body.notifications).toEqual([
      {
        _id: events[0]?._id,
        kind: 'comment',
        text,
        link: `/post/${post.slug}`,
        count: 1,
        read: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ])
    expect(body.liveId).toMatch(/^\d+$/)
  })

  it('does not notify authors commenting on their own post', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, { authorId: author.id })
    expect((await comment(author, post.id)).statusCode).toBe(201)
    expect((await list(author)).notifications).toEqual([])
  })
})

describe('upvote notifications', () => {
  it('batches 5 upvotes into one row with count 5 and one coalesced push', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, {
      authorId: author.id,
      title: `Free memory ${randomUUID().slice(0, 6)}`,
    })
    const voters = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)))
    const { events, stop } = recordNotifications(author.id)

    for (const voter of voters) expect((await upvote(voter, post.id)).statusCode).toBe(200)
    const body = await list(author)
    expect(body.unreadCount).toBe(1)
    expect(body.notifications).toHaveLength(1)
    expect(body.notifications[0]).toMatchObject({
      kind: 'upvotes',
      count: 5,
      text: `Your command "${post.title}" got 5 new upvotes`,
      link: `/post/${post.slug}`,
    })

    await sleep(UPVOTE_PUSH_WINDOW_MS + 500)
    stop()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: 'upvotes', count: 5, unreadCount: 1 })
  })

  it('pushes every row upvoted in one window once, leaving out a row read meanwhile', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const [first, second, third] = await Promise.all([
      createPost(t.db, { authorId: author.id }),
      createPost(t.db, { authorId: author.id }),
      createPost(t.db, { authorId: author.id }),
    ])
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)])
    if (!first || !second || !third || !a || !b) throw new Error('fixtures missing')
    const { events, stop } = recordNotifications(author.id)

    for (const post of [first, second, third]) expect((await upvote(a, post.id)).statusCode).toBe(200)
    expect((await upvote(b, first.id)).statusCode).toBe(200)
    const thirdRow = (await list(author)).notifications.find((n) => n.link === `/post/${third.slug}`)
    if (!thirdRow) throw new Error('no batch row for the third post')
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${thirdRow._id}/read`,
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(read.statusCode).toBe(200)

    await sleep(UPVOTE_PUSH_WINDOW_MS + 500)
    stop()
    expect(events.map((e) => [e.link, e.count, e.unreadCount]).sort()).toEqual(
      [
        [`/post/${first.slug}`, 2, 2],
        [`/post/${second.slug}`, 1, 2],
      ].sort(),
    )
  })

  it('starts a new row once the batch was read; a downvote adds nothing', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, { authorId: author.id })
    const [a, b, c] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)])
    if (!a || !b || !c) throw new Error('voters missing')
    await upvote(a, post.id)
    await t.app.voteSettler.settleAll()
    const readAll = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(readAll.statusCode).toBe(200)
    expect(readAll.json()).toEqual({ unreadCount: 0 })

    await upvote(b, post.id)
    await t.app.inject({
      method: 'POST',
      url: `/api/posts/downvote/${post.id}`,
      headers: authHeader(loginAs(t.app, c)),
    })
    const body = await list(author)
    expect(body.unreadCount).toBe(1)
    expect(body.notifications.map((n) => [n.count, n.read, n.text])).toEqual([
      [1, false, `Your command "${post.title}" got 1 new upvote`],
      [1, true, `Your command "${post.title}" got 1 new upvote`],
    ])
  })
})

describe('tier notifications', () => {
  it('notifies once when an upvote lifts the author into a new tier', async () => {
    const author = await createUser(t.db, { role: 'contributor', points: 48 })
    const post = await createPost(t.db, { authorId: author.id })
    const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)])
    if (!a || !b) throw new Error('voters missing')
    const { events, stop } = recordNotifications(author.id)
    // Settled one at a time (a batch holding both would name the total it reached, 52).
    await upvote(a, post.id) // 48 → 50: Explorer
    await t.app.voteSettler.settleAll()
    await upvote(b, post.id) // 50 → 52: still Explorer
    await t.app.voteSettler.settleAll()
    stop()
    const tiers = (await list(author)).notifications.filter((n) => n.kind === 'tier')
    expect(tiers).toHaveLength(1)
    expect(tiers[0]).toMatchObject({ text: 'You reached the Explorer tier with 50 points', link: '/profile' })
    expect(events.filter((e) => e.kind === 'tier')).toHaveLength(1)
  })
})

/** DELETE as `user`, with a console reason when given. */
function remove(user: TestUser, url: string, reason?: string) {
  return t.app.inject({
    method: 'DELETE',
    url,
    headers: authHeader(loginAs(t.app, user)),
    ...(reason === undefined ? {} : { payload: { reason } }),
  })
}

describe('removal notifications', () => {
  it("tells a post's author that a moderator removed it, with the reason and what to do next, live and stored", async () => {
    const moderator = await createUser(t.db, { role: 'moderator' })
    const author = await createUser(t.db, { role: 'contributor' })
    const post = await createPost(t.db, {
      authorId: author.id,
      title: `Paid tool ${randomUUID().slice(0, 6)}`,
    })
    const { events, stop } = recordNotifications(author.id)

    // A refused deletion (reason too short) tells nobody anything.
    expect((await remove(moderator, `/api/mod/posts/${post.id}`, ' x ')).statusCode).toBe(422)
    expect(
      (await remove(moderator, `/api/mod/posts/${post.id}`, '  Advertising: it only downloads a paid tool  '))
        .statusCode,
    ).toBe(200)
    stop()

    const expected = {
      kind: 'removal',
      text: `A moderator removed your command "${post.title}". ${REMOVAL_NEXT_STEPS}`,
      link: REMOVAL_LINK,
      reason: 'Advertising: it only downloads a paid tool',
      count: 1,
      read: false,
    }
    expect(events).toEqual([expect.objectContaining({ ...expected, unreadCount: 1 })])
    const body = await list(author)
    expect(body.unreadCount).toBe(1)
    expect(body.notifications).toEqual([expect.objectContaining({ ...expected, _id: events[0]?._id })])
  })

  it('quotes a removed comment and its post, and leaves the reason out when the regular route gave none', async () => {
    const moderator = await createUser(t.db, { role: 'moderator' })
    const author = await createUser(t.db, { role: 'contributor' })
    const commenter = await createUser(t.db)
    const post = await createPost(t.db, {
      authorId: author.id,
      title: `Disk usage ${randomUUID().slice(0, 6)}`,
    })
    const insulting = await createComment(t.db, {
      postId: post.id,
      authorId: commenter.id,
      content: 'You are all\n idiots',
    })
    const spam = await createComment(t.db, { postId: post.id, authorId: commenter.id, content: 'buy pills' })

    expect((await remove(moderator, `/api/mod/comments/${insulting.id}`, 'Insults')).statusCode).toBe(200)
    expect((await remove(moderator, `/api/comments/${spam.id}`)).statusCode).toBe(200)

    const [second, first] = (await list(commenter)).notifications
    expect(first).toMatchObject({
      kind: 'removal',
      text: `A moderator removed your comment "You are all idiots" on "${post.title}". ${REMOVAL_NEXT_STEPS}`,
      reason: 'Insults',
    })
    expect(second).toMatchObject({
      kind: 'removal',
      text: `A moderator removed your comment "buy pills" on "${post.title}". ${REMOVAL_NEXT_STEPS}`,
    })
    expect(second).not.toHaveProperty('reason')
    // The post's author hears about neither removal.
    expect((await list(author)).notifications.filter((n) => n.kind === 'removal')).toEqual([])
  })

  it('says nothing when authors delete their own post or comment, moderators included', async () => {
    const moderator = await createUser(t.db, { role: 'moderator' })
    const author = await createUser(t.db, { role: 'contributor' })
    const own = await createPost(t.db, { authorId: author.id })
    const moderatorsOwn = await createPost(t.db, { authorId: moderator.id })
    const comment = await createComment(t.db, { postId: moderatorsOwn.id, authorId: moderator.id })

    expect((await remove(author, `/api/posts/${own.id}`)).statusCode).toBe(200)
    expect((await remove(moderator, `/api/mod/comments/${comment.id}`, 'Cleaning up')).statusCode).toBe(200)
    expect((await remove(moderator, `/api/mod/posts/${moderatorsOwn.id}`, 'Cleaning up')).statusCode).toBe(
      200,
    )
    expect((await list(author)).notifications).toEqual([])
    expect((await list(moderator)).notifications).toEqual([])
  })
})

describe('the notifications page', () => {
  async function page(user: TestUser, query: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/notifications${query}`,
      headers: authHeader(loginAs(t.app, user)),
    })
  }

  it('pages every notification newest first, filters by kind and by unread, and counts what matched', async () => {
    const me = await createUser(t.db)
    // 33 role notices and 2 tier notices, oldest first, each a moment apart.
    const kinds = [...Array.from({ length: 33 }, () => 'role' as const), 'tier' as const, 'tier' as const]
    for (const [index, kind] of kinds.entries()) {
      await withTransaction({ db: t.db, live: t.app.live }, (trx, outbox) =>
        createNotification(trx, outbox, { userId: me.id, kind, text: `${kind} ${index}`, link: null }),
      )
    }
    const first = (await page(me, '')).json() as NotificationsResponse
    expect(first.notifications.map((n) => n.text).slice(0, 3)).toEqual(['tier 34', 'tier 33', 'role 32'])
    expect(first.notifications).toHaveLength(30)
    expect(first.pagination).toEqual({ page: 1, pageSize: 30, total: 35, totalPages: 2 })
    const second = (await page(me, '?page=2')).json() as NotificationsResponse
    expect(second.notifications.map((n) => n.text)).toEqual([
      'role 4',
      'role 3',
      'role 2',
      'role 1',
      'role 0',
    ])
    expect(second.pagination).toMatchObject({ page: 2, total: 35, totalPages: 2 })
    expect((await page(me, '?page=3')).json()).toMatchObject({ notifications: [], unreadCount: 35 })

    const tiers = (await page(me, '?kind=tier')).json() as NotificationsResponse
    expect(tiers.notifications.map((n) => n.text)).toEqual(['tier 34', 'tier 33'])
    expect(tiers.pagination).toMatchObject({ total: 2, totalPages: 1 })
    // The unread total is the member's whole count, whatever the filter.
    expect(tiers.unreadCount).toBe(35)

    const read = first.notifications[0]?._id ?? ''
    await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${read}/read`,
      headers: authHeader(loginAs(t.app, me)),
    })
    const unreadTiers = (await page(me, '?kind=tier&unread=true')).json() as NotificationsResponse
    expect(unreadTiers.notifications.map((n) => n.text)).toEqual(['tier 33'])
    expect(unreadTiers).toMatchObject({ unreadCount: 34, pagination: { total: 1 } })
    const none = (await page(me, '?kind=removal')).json() as NotificationsResponse
    expect(none).toMatchObject({ notifications: [], pagination: { total: 0, totalPages: 0 } })
  })

  it.each([
    ['?kind=poke', 'an unknown kind'],
    ['?page=0', 'page 0'],
    ['?page=two', 'a page that is not a number'],
    ['?unread=maybe', 'unread that is not a boolean'],
    ['?sort=oldest', 'an unknown parameter'],
  ])('answers 400 to %s (%s)', async (query) => {
    const me = await createUser(t.db)
    const res = await page(me, query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
  })
})

describe('reading notifications', () => {
  it('marks one read (404 for another user’s), then all read', async () => {
    const me = await createUser(t.db)
    const other = await createUser(t.db)
    for (const text of ['one', 'two', 'three']) {
      await withTransaction({ db: t.db, live: t.app.live }, (trx, outbox) =>
        createNotification(trx, outbox, { userId: me.id, kind: 'role', text, link: null }),
      )
    }
    const before = await list(me)
    expect(before.unreadCount).toBe(3)
    expect(before.notifications.map((n) => n.text)).toEqual(['three', 'two', 'one'])
    const target = before.notifications[1]?._id ?? ''

    const notMine = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${target}/read`,
      headers: authHeader(loginAs(t.app, other)),
    })
    expect(notMine.statusCode).toBe(404)
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/not-a-uuid/read',
      headers: authHeader(loginAs(t.app, me)),
    })
    expect(badId.statusCode).toBe(400)

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${target}/read`,
      headers: authHeader(loginAs(t.app, me)),
    })
    expect(read.json()).toEqual({ unreadCount: 2 })
    expect((await list(me)).notifications.map((n) => n.read)).toEqual([false, true, false])

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: authHeader(loginAs(t.app, me)),
    })
    expect(all.json()).toEqual({ unreadCount: 0 })
    const after = await list(me)
    expect(after.unreadCount).toBe(0)
    expect(after.notifications.every((n) => n.read)).toBe(true)
  })
})
