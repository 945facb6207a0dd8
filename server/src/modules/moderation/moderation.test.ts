import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { recordEvents } from '../../../test/events.ts'
import {
  authHeader,
  createComment,
  createPost,
  createUser,
  createUsers,
  createVote,
  headersFor,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { EXIT, runAdmin } from '../../cli/commands.ts'
import type { LiveModActivity } from '../../contract/live.ts'
import { MOD_MESSAGES, type ModAuditEntry } from '../../contract/moderation.ts'
import { openSocket } from '../../live/ws-test-client.ts'
import { signUp } from '../accounts/service.ts'
import { getModerationStats } from './service.ts'

let t: TestApp
let moderator: TestUser
let member: TestUser
let contributor: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ;[moderator, member, contributor] = await createUsers(t.db, 'moderator', 'member', 'contributor')
})
afterAll(async () => {
  await t?.close()
})

function request(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url,
    headers: headersFor(t.app, user),
    ...(payload ? { payload } : {}),
  })
}

function activities(events: ReturnType<typeof recordEvents>['events']): LiveModActivity[] {
  return events
    .filter((e) => e.topic === 'mod' && e.event === 'activity')
    .map((e) => e.data as unknown as LiveModActivity)
}

describe('access to the moderation API', () => {
  const id = '00000000-0000-4000-8000-000000000000'
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown>?]> = [
    ['GET', '/api/mod/applications'],
    ['POST', `/api/mod/applications/${id}/decision`, { decision: 'accept' }],
    ['GET', '/api/mod/activity'],
    ['GET', '/api/mod/stats'],
    ['GET', '/api/mod/posts'],
    ['GET', '/api/mod/comments'],
    ['DELETE', `/api/mod/posts/${id}`, { reason: 'spam spam' }],
    ['DELETE', `/api/mod/comments/${id}`, { reason: 'spam spam' }],
    ['GET', '/api/mod/users'],
    ['PUT', `/api/mod/users/${id}/role`, { role: 'moderator', reason: 'promotion' }],
    ['GET', '/api/mod/audit'],
  ]

  it.each(routes)('%s %s: 401 for guests, 403 for members and contributors', async (method, url, payload) => {
    expect((await request(null, method, url, payload)).statusCode).toBe(401)
    const asMember = await request(member, method, url, payload)
    expect(asMember.statusCode).toBe(403)
    expect(asMember.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' })
    expect((await request(contributor, method, url, payload)).statusCode).toBe(403)
    // A moderator gets past the access check (200, or 404 for the made-up id).
    expect([200, 404]).toContain((await request(moderator, method, url, payload)).statusCode)
  })

  it('gives the mod topic to moderators only: members and contributors get forbidden', async () => {
    for (const user of [member, contributor]) {
      const socket = await openSocket(t.app, { origin: t.config.publicOrigin })
      await socket.auth(loginAs(t.app, user))
      expect(await socket.subscribe(['mod'])).toEqual({ type: 'subscribed', topics: [] })
      expect(
        socket.received.some((m) => m.type === 'error' && m.code === 'forbidden' && m.topic === 'mod'),
      ).toBe(true)
      socket.ws.close()
      await socket.closed
    }
    const guest = await openSocket(t.app, { origin: t.config.publicOrigin })
    expect(await guest.subscribe(['mod'])).toEqual({ type: 'subscribed', topics: [] })
    guest.ws.close()
    await guest.closed
    const mod = await openSocket(t.app, { origin: t.config.publicOrigin })
    await mod.auth(loginAs(t.app, moderator))
    expect(await mod.subscribe(['mod'])).toEqual({ type: 'subscribed', topics: ['mod'] })
    mod.ws.close()
    await mod.closed
  })

  it('lets a moderator created with the admin CLI log in and use the console', async () => {
    const username = `climod_${randomUUID().slice(0, 6)}`
    const lines: string[] = []
    const code = await runAdmin(
      ['create-user', username, `${username}@example.test`, 'cli-password', 'moderator'],
      {
        db: t.db,
        reseed: async () => {},
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      },
    )
    expect(code).toBe(EXIT.ok)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { emailOrUsername: username, password: 'cli-password' },
    })
    expect(login.statusCode).toBe(200)
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/mod/stats',
      headers: authHeader(login.json().token),
    })
    expect(stats.statusCode).toBe(200)
  })
})

describe('live activity', () => {
  it('publishes sign-ups, posts, votes, comments and deletions on mod, and lists them newest first', async () => {
    const { events, stop } = recordEvents(t.bus)
    const username = `newbie_${randomUUID().slice(0, 6)}`
    const user = await signUp(
      { db: t.db, events: t.app.domainEvents },
      { username, email: `${username}@example.test`, password: 'password123' },
    )
    const author = await createUser(t.db, { role: 'contributor' })
    const category = await t.db
      .insertInto('categories')
      .values({ name: `Cat ${username}`, slug: `cat-${username}` })
      .returning('id')
      .executeTakeFirstOrThrow()
    const created = await request(author, 'POST', '/api/posts/create', {
      title: `Activity post ${username}`,
      command: `echo activity-${username}`,
      description: '<p>Shows activity in the console.</p>',
      category: category.id,
    })
    expect(created.statusCode).toBe(201)
    const postId: string = created.json().post._id
    expect((await request(member, 'POST', `/api/posts/upvote/${postId}`)).statusCode).toBe(200)
    const comment = await request(member, 'POST', `/api/comments/${postId}/`, {
      post: postId,
      content: 'Nice one, this saved me a lot of time today.',
    })
    expect(comment.statusCode).toBe(201)
    // Before the post goes: the REST history holds the same items the live events carried.
    const history: LiveModActivity[] = (await request(moderator, 'GET', '/api/mod/activity?limit=200')).json()
      .items
    expect((await request(author, 'DELETE', `/api/posts/${postId}`)).statusCode).toBe(200)
    stop()

    const live = activities(events)
    expect(live.map((a) => a.kind)).toEqual(['signup', 'post', 'vote', 'comment', 'post'])
    expect(live[0]).toMatchObject({
      actor: { _id: user.id, username },
      subject: { type: 'user', _id: user.id },
    })
    expect(live[1]).toMatchObject({ actor: { _id: author.id }, subject: { type: 'post', _id: postId } })
    expect(live[2]).toMatchObject({
      actor: { _id: member.id },
      subject: { type: 'post', _id: postId, title: `Upvoted: Activity post ${username}` },
    })
    expect(live[3]?.subject.title).toBe('Nice one, this saved me a lot of time today.')
    expect(live[4]?.subject.title).toBe(`Deleted: Activity post ${username}`)

    // The REST history: sign-up first among these (newest first), same shapes.
    const res = await request(moderator, 'GET', '/api/mod/activity?limit=200')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.liveId).toBe(await t.app.live.currentId('mod'))
    const items: LiveModActivity[] = body.items
    const ats = items.map((item) => item.at)
    expect([...ats].sort().reverse()).toEqual(ats)
    expect(items).toContainEqual(live[0])
    // Sign-up, post, vote, comment and application items carry their row's time, so they equal the
    // history's (the console drops a replayed event it already lists, instead of showing it twice).
    for (const item of [live[0], live[1], live[2], live[3]]) expect(history).toContainEqual(item)
    expect(items.some((i) => i.kind === 'signup' && i.actor?._id === user.id)).toBe(true)
    expect((await request(moderator, 'GET', '/api/mod/activity?limit=2')).json().items).toHaveLength(2)
    expect((await request(moderator, 'GET', '/api/mod/activity?limit=0')).statusCode).toBe(400)
  })

  it('publishes nothing when the write fails', async () => {
    const { events, stop } = recordEvents(t.bus)
    const post = await createPost(t.db, { authorId: contributor.id })
    // Authors cannot vote on their own posts: 403, no vote, no activity.
    expect((await request(contributor, 'POST', `/api/posts/upvote/${post.id}`)).statusCode).toBe(403)
    stop()
    expect(activities(events)).toEqual([])
  })
})

describe('GET /api/mod/stats', () => {
  it('counts sockets, sign-ups today, and votes and comments per minute over the last 30 minutes', async () => {
    const res = await request(moderator, 'GET', '/api/mod/stats')
    expect(res.statusCode).toBe(200)
    expect(res.json().votesPerMinute).toHaveLength(30)
    expect(res.json().commentsPerMinute).toHaveLength(30)

    const deps = { db: t.db, live: t.app.live, events: t.app.domainEvents, presence: t.app.presence }
    const now = new Date()
    const before = await getModerationStats(deps, now)
    const socket = await openSocket(t.app, { origin: t.config.publicOrigin })
    const post = await createPost(t.db, { authorId: contributor.id })
    const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000)
    const longAgo = new Date(now.getTime() - 45 * 60_000)
    const voters = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)])
    await createVote(t.db, { postId: post.id, userId: voters[0].id, at: now })
    await createVote(t.db, { postId: post.id, userId: voters[1].id, at: fiveMinutesAgo })
    await createVote(t.db, { postId: post.id, userId: voters[2].id, at: longAgo })
    await createComment(t.db, { postId: post.id, authorId: member.id, createdAt: fiveMinutesAgo })
    const after = await getModerationStats(deps, now)

    expect(after.connectedNow).toBe(before.connectedNow + 1)
    expect(after.signupsToday).toBe(before.signupsToday + 3)
    // The last entry is the current minute and five minutes ago is five entries earlier; the vote of
    // 45 minutes ago is outside the window.
    const delta = (a: number[], b: number[]) => a.map((value, i) => value - (b[i] ?? 0))
    const votes = delta(after.votesPerMinute, before.votesPerMinute)
    const comments = delta(after.commentsPerMinute, before.commentsPerMinute)
    expect(votes[29]).toBe(1)
    expect(votes[24]).toBe(1)
    expect(votes.reduce((a, b) => a + b, 0)).toBe(2)
    expect(comments[24]).toBe(1)
    expect(comments.reduce((a, b) => a + b, 0)).toBe(1)
    socket.ws.close()
    await socket.closed
  })
})

describe('content moderation', () => {
  it('finds posts by text in the title or command and by author, newest first', async () => {
    const tag = randomUUID().slice(0, 8)
    const author = await createUser(t.db, { role: 'contributor', username: `author_${tag}` })
    const older = await createPost(t.db, {
      authorId: author.id,
      title: `Disk usage ${tag}`,
      command: 'du -sh *',
      createdAt: new Date(Date.now() - 60_000),
    })
    const newer = await createPost(t.db, {
      authorId: author.id,
      title: `Other ${tag}`,
      command: `grep -r needle_${tag}`,
    })

    const byTitle = (
      await request(moderator, 'GET', `/api/mod/posts?q=${encodeURIComponent(`usage ${tag}`)}`)
    ).json()
    expect(byTitle.posts.map((p: { _id: string }) => p._id)).toEqual([older.id])
    const byCommand = (await request(moderator, 'GET', `/api/mod/posts?q=needle_${tag}`)).json()
    expect(byCommand.posts.map((p: { _id: string }) => p._id)).toEqual([newer.id])
    const byAuthor = (await request(moderator, 'GET', `/api/mod/posts?author=AUTHOR_${tag}`)).json()
    expect(byAuthor.posts.map((p: { _id: string }) => p._id)).toEqual([newer.id, older.id])
    expect(byAuthor.posts[0]).toMatchObject({
      author: { _id: author.id, username: author.username },
      commentsCount: 0,
    })
    expect(byAuthor.pagination).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 })
    // LIKE wildcards in the query are matched literally.
    expect(
      (await request(moderator, 'GET', `/api/mod/posts?q=%25&author=author_${tag}`)).json().posts,
    ).toEqual([])
  })

  it('finds comments by text and by author, with their post', async () => {
    const tag = randomUUID().slice(0, 8)
    const writer = await createUser(t.db, { username: `writer_${tag}` })
    const post = await createPost(t.db, { authorId: contributor.id })
    const comment = await createComment(t.db, {
      postId: post.id,
      authorId: writer.id,
      content: `buy cheap pills ${tag}`,
    })
    const byText = (await request(moderator, 'GET', `/api/mod/comments?q=pills%20${tag}`)).json()
    expect(byText.comments).toEqual([
      {
        _id: comment.id,
        content: `buy cheap pills ${tag}`,
        author: { _id: writer.id, username: writer.username },
        post: { _id: post.id, slug: post.slug, title: post.title },
        createdAt: comment.created_at.toISOString(),
      },
    ])
    const byAuthor = (await request(moderator, 'GET', `/api/mod/comments?author=writer_${tag}`)).json()
    expect(byAuthor.comments.map((c: { _id: string }) => c._id)).toEqual([comment.id])
  })

  it('deletes a post with a reason: points reversed, live events, audit log, all at once', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const created = await request(author, 'POST', '/api/posts/create', {
      title: `Spam post ${randomUUID().slice(0, 8)}`,
      command: `curl spam.example/${randomUUID()}`,
      description: '<p>Buy now, limited offer.</p>',
      category: (
        await t.db
          .insertInto('categories')
          .values({ name: `Spam ${randomUUID()}`, slug: `spam-${randomUUID()}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    })
    const post = created.json().post
    expect(
      (await t.db.selectFrom('users').select('points').where('id', '=', author.id).executeTakeFirstOrThrow())
        .points,
    ).toBe(10)

    const short = await request(moderator, 'DELETE', `/api/mod/posts/${post._id}`, { reason: ' x ' })
    expect(short.statusCode).toBe(422)
    expect(short.json().message).toBe(MOD_MESSAGES.reasonRequired)
    expect(
      (await request(moderator, 'DELETE', `/api/mod/posts/${post._id}`, { reason: 'x'.repeat(501) }))
        .statusCode,
    ).toBe(422)
    expect((await request(moderator, 'DELETE', `/api/mod/posts/${post._id}`)).statusCode).toBe(400)

    const { events, stop } = recordEvents(t.bus)
    const res = await request(moderator, 'DELETE', `/api/mod/posts/${post._id}`, {
      reason: '  Advertising spam  ',
    })
    stop()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ postId: post._id })
    expect(
      await t.db.selectFrom('posts').select('id').where('id', '=', post._id).executeTakeFirst(),
    ).toBeUndefined()
    expect(
      (await t.db.selectFrom('users').select('points').where('id', '=', author.id).executeTakeFirstOrThrow())
        .points,
    ).toBe(0)
    expect(events.map((e) => `${e.topic} ${e.event}`)).toEqual(
      expect.arrayContaining(['posts post.deleted', 'mod activity']),
    )
    expect(activities(events)).toEqual([
      expect.objectContaining({
        kind: 'moderation',
        actor: { _id: moderator.id, username: moderator.username },
      }),
    ])
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_id', '=', post._id)
      .execute()
    expect(log).toEqual([
      expect.objectContaining({
        action: 'post.deleted',
        subject_type: 'post',
        subject_title: post.title,
        reason: 'Advertising spam',
      }),
    ])
    expect(
      (await request(moderator, 'DELETE', `/api/mod/posts/${post._id}`, { reason: 'again' })).statusCode,
    ).toBe(404)
  })

  it('deletes a comment with a reason: count updated, comment.deleted, audit log quoting it', async () => {
    const post = await createPost(t.db, { authorId: contributor.id })
    const posted = await request(member, 'POST', `/api/comments/${post.id}/`, {
      post: post.id,
      content: 'You are all idiots',
    })
    const commentId: string = posted.json().comment._id
    const { events, stop } = recordEvents(t.bus)
    const res = await request(moderator, 'DELETE', `/api/mod/comments/${commentId}`, { reason: 'Insults' })
    stop()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ postId: post.id, commentId, commentsCount: 0 })
    expect(events.some((e) => e.topic === `post:${post.id}` && e.event === 'comment.deleted')).toBe(true)
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('subject_id', '=', commentId)
      .executeTakeFirstOrThrow()
    expect(log).toMatchObject({
      action: 'comment.deleted',
      subject_title: 'You are all idiots',
      reason: 'Insults',
    })
    expect(
      (await request(moderator, 'DELETE', `/api/mod/comments/${commentId}`, { reason: 'again' })).statusCode,
    ).toBe(404)
  })

  it("also audit-logs a moderator deleting someone's post or comment through the regular routes", async () => {
    const post = await createPost(t.db, { authorId: contributor.id })
    const comment = await createComment(t.db, { postId: post.id, authorId: member.id })
    expect((await request(moderator, 'DELETE', `/api/comments/${comment.id}`)).statusCode).toBe(200)
    expect((await request(moderator, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200)
    const actions = await t.db
      .selectFrom('moderation_log')
      .select('action')
      .where('subject_id', 'in', [post.id, comment.id])
      .orderBy('created_at')
      .execute()
    expect(actions.map((a) => a.action)).toEqual(['comment.deleted', 'post.deleted'])
  })
})

describe('users and roles', () => {
  it('finds users by part of the name or by exact email, without private columns', async () => {
    const tag = randomUUID().slice(0, 8)
    const user = await createUser(t.db, { username: `findme_${tag}`, email: `findme_${tag}@example.test` })
    const byName = (await request(moderator, 'GET', `/api/mod/users?q=me_${tag}`)).json()
    expect(byName.users).toEqual([
      {
        _id: user.id,
        username: user.username,
        email: user.email,
        avatar: null,
        role: 'member',
        points: 0,
        createdAt: user.created_at.toISOString(),
      },
    ])
    const byEmail = (await request(moderator, 'GET', `/api/mod/users?q=FINDME_${tag}@example.test`)).json()
    expect(byEmail.users.map((u: { _id: string }) => u._id)).toEqual([user.id])
  })

  it('raises a role without signing the user out, and publishes role.changed', async () => {
    const user = await createUser(t.db)
    const token = loginAs(t.app, user)
    const { events, stop } = recordEvents(t.bus)
    const res = await request(moderator, 'PUT', `/api/mod/users/${user.id}/role`, {
      role: 'contributor',
      reason: 'Long-time helpful member',
    })
    stop()
    expect(res.statusCode).toBe(200)
    expect(res.json().user).toMatchObject({ _id: user.id, role: 'contributor' })
    expect(events.find((e) => e.topic === `user:${user.id}` && e.event === 'role.changed')).toMatchObject({
      event: 'role.changed',
      data: { role: 'contributor', contributor: true },
    })
    const notice = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(notice).toMatchObject({ kind: 'role', link: '/create-post' })
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/applications/user',
      headers: authHeader(token),
    })
    expect(still.statusCode).toBe(200)
  })

  it('lowers a role and refuses the old token; the audit log records who, what and why', async () => {
    const user = await createUser(t.db, { role: 'contributor' })
    const token = loginAs(t.app, user)
    const res = await request(moderator, 'PUT', `/api/mod/users/${user.id}/role`, {
      role: 'member',
      reason: 'Posted malware',
    })
    expect(res.statusCode).toBe(200)
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'token_version'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ role: 'member', token_version: user.token_version + 1 })
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/applications/user',
      headers: authHeader(token),
    })
    expect(old.statusCode).toBe(401)

    const audit = (await request(moderator, 'GET', '/api/mod/audit')).json()
    const entry = audit.entries.find((e: ModAuditEntry) => e.subjectId === user.id)
    expect(entry).toMatchObject({
      moderator: { _id: moderator.id, username: moderator.username },
      action: 'role.changed',
      subjectType: 'user',
      subjectTitle: `${user.username}: contributor → member`,
      reason: 'Posted malware',
    })
  })

  it('refuses to change your own role (403), a missing reason (422), unknown users (404) and roles (422)', async () => {
    const own = await request(moderator, 'PUT', `/api/mod/users/${moderator.id}/role`, {
      role: 'member',
      reason: 'bored now',
    })
    expect(own.statusCode).toBe(403)
    expect(own.json().message).toBe(MOD_MESSAGES.ownRole)
    const user = await createUser(t.db)
    expect(
      (await request(moderator, 'PUT', `/api/mod/users/${user.id}/role`, { role: 'moderator', reason: '' }))
        .statusCode,
    ).toBe(422)
    expect(
      (
        await request(moderator, 'PUT', `/api/mod/users/${randomUUID()}/role`, {
          role: 'moderator',
          reason: 'trusted',
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await request(moderator, 'PUT', `/api/mod/users/${user.id}/role`, {
          role: 'admin',
          reason: 'trusted',
        })
      ).statusCode,
    ).toBe(422)
    expect(
      (await t.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow())
        .role,
    ).toBe('member')
  })
})

describe('GET /api/mod/audit', () => {
  it('pages the log newest first', async () => {
    const first = (await request(moderator, 'GET', '/api/mod/audit')).json()
    expect(first.page).toBe(1)
    expect(first.totalPages).toBeGreaterThanOrEqual(1)
    const times = first.entries.map((e: ModAuditEntry) => e.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const beyond = (await request(moderator, 'GET', '/api/mod/audit?page=999')).json()
    expect(beyond.entries).toEqual([])
    expect((await request(moderator, 'GET', '/api/mod/audit?page=0')).statusCode).toBe(400)
  })
})
