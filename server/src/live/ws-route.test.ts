import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../../test/build-test-app.ts'
import type { AuthUser } from '../lib/access.ts'
import { ServiceUnavailableError, UnauthorizedError } from '../lib/errors.ts'
import { type Bus, createMemoryBus } from './bus.ts'
import { livePlugin } from './plugin.ts'
import { openSocket, settle } from './ws-test-client.ts'

// A minimal app: only the live plugin, with a fake token check, so these tests pin the channel itself.
const MEMBER_ID = '7e0f5b2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
const MODERATOR_ID = '11111111-2222-4333-8444-555555555555'
const OTHER_ID = '22222222-3333-4444-8555-666666666666'
const POST_ID = '0b6a3c1e-1f0d-4c9a-9a57-5b1f0e3d2c10'
const SITE = 'http://localhost:3000'
const PARTNER = 'https://partner.example'

const users: Record<string, () => AuthUser> = {
  member: () => ({
    id: MEMBER_ID,
    role: 'member',
    username: 'member',
    exp: Date.now() / 1000 + 3600,
    tokenVersion: 0,
  }),
  moderator: () => ({
    id: MODERATOR_ID,
    role: 'moderator',
    username: 'mod',
    exp: Date.now() / 1000 + 3600,
    tokenVersion: 0,
  }),
  // Expires 400 ms after it was checked.
  'short-lived': () => ({
    id: MEMBER_ID,
    role: 'member',
    username: 'member',
    exp: Date.now() / 1000 + 0.4,
    tokenVersion: 0,
  }),
}

async function fakeVerifyToken(token: string): Promise<AuthUser> {
  if (token === 'database-down') throw new ServiceUnavailableError('Database unavailable')
  const user = users[token]
  if (!user) throw new UnauthorizedError('Invalid token')
  return user()
}

const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

async function liveApp(bus: Bus = createMemoryBus()): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  apps.push(app)
  app.decorate(
    'config',
    testConfig({
      dataDir: '/nonexistent',
      webDistDir: '/nonexistent',
      publicOrigin: SITE,
      allowedOrigins: [PARTNER],
    }),
  )
  app.decorate('verifyToken', fakeVerifyToken)
  // Cookie sessions are proved against the real app (modules/sessions/sessions.test.ts).
  app.decorate('verifySession', async () => {
    throw Object.assign(new Error('no session'), { statusCode: 401 })
  })
  await app.register(livePlugin, { bus, closeGraceMs: 100 })
  await app.ready()
  return app
}

const statsData = (totalUsers: number) => ({
  totalPosts: 0,
  totalUsers,
  totalCategories: 0,
  todaysPosts: [],
  activeToday: 0,
})

describe('GET /ws subscriptions', () => {
  it('delivers events of subscribed topics with their ids, and nothing after unsubscribe', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    expect(await socket.subscribe(['stats', `post:${POST_ID}`])).toEqual({
      type: 'subscribed',
      topics: ['stats', `post:${POST_ID}`],
    })

    await app.live.publish('stats', 'stats.updated', statsData(1))
    await app.live.publish('posts', 'post.deleted', { postId: POST_ID })
    await app.live.publish(`post:${POST_ID}`, 'post.views', { postId: POST_ID, viewCount: 9 })
    await socket.waitFor((message) => message.topic === `post:${POST_ID}`, 'the post:<id> event')

    expect(socket.events('stats')).toEqual([
      {
        type: 'event',
        topic: 'stats',
        event: 'stats.updated',
        id: await app.live.currentId('stats'),
        data: statsData(1),
      },
    ])
    expect(socket.events('posts')).toEqual([])

    socket.send({ type: 'unsubscribe', topics: ['stats'] })
    socket.send({ type: 'ping' })
    await socket.waitFor((message) => message.type === 'pong', 'pong')
    await app.live.publish('stats', 'stats.updated', statsData(2))
    await settle()
    expect(socket.events('stats')).toHaveLength(1)
  })

  it('replays the events after `since` in order before live ones', async () => {
    const app = await liveApp()
    await app.live.publish('stats', 'stats.updated', statsData(1))
    const seen = await app.live.currentId('stats')
    await app.live.publish('stats', 'stats.updated', statsData(2))
    await app.live.publish('stats', 'stats.updated', statsData(3))

    const socket = await openSocket(app)
    await socket.subscribe(['stats'], { stats: seen })
    await socket.waitFor(
      (message) => (message.data as { totalUsers?: number })?.totalUsers === 3,
      'the replay',
    )
    await app.live.publish('stats', 'stats.updated', statsData(4))
    await socket.waitFor(
      (message) => (message.data as { totalUsers?: number })?.totalUsers === 4,
      'the live event',
    )

    const events = socket.events('stats')
    expect(events.map((message) => (message.data as { totalUsers: number }).totalUsers)).toEqual([2, 3, 4])
    expect(events.map((message) => Number(message.id))).toEqual([1, 2, 3].map((step) => Number(seen) + step))
    expect(socket.received.filter((message) => message.type === 'reset')).toEqual([])
  })

  it('answers reset when `since` is older than the kept backlog', async () => {
    const app = await liveApp(createMemoryBus({ backlogSize: 2 }))
    await app.live.publish('stats', 'stats.updated', statsData(1))
    const seen = await app.live.currentId('stats')
    for (const total of [2, 3, 4]) await app.live.publish('stats', 'stats.updated', statsData(total))

    const socket = await openSocket(app)
    await socket.subscribe(['stats'], { stats: seen })
    expect(await socket.waitFor((message) => message.type === 'reset', 'reset')).toEqual({
      type: 'reset',
      topic: 'stats',
    })
    expect(socket.events('stats')).toEqual([])
  })

  it('refuses unknown topics and more than 200 topics per socket with error codes', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    expect(await socket.subscribe(['posts', 'everything'])).toEqual({ type: 'subscribed', topics: ['posts'] })
    expect(socket.received).toContainEqual({
      type: 'error',
      code: 'unknown_topic',
      message: expect.any(String),
      topic: 'everything',
    })

    const postTopics = Array.from(
      { length: 205 },
      (_, i) => `post:${POST_ID.slice(0, -3)}${String(i).padStart(3, '0')}`,
    )
    await socket.subscribe(postTopics.slice(0, 150))
    const answer = await socket.subscribe(postTopics.slice(150))
    // posts + 150 + 49 = 200 topics; the last 6 are refused.
    expect(answer.topics).toEqual(postTopics.slice(150, 199))
    expect(
      socket.received.filter((message) => message.code === 'too_many_topics').map((m) => m.topic),
    ).toEqual(postTopics.slice(199))
  })

  it('answers bad_message to malformed, unknown and binary messages and keeps the socket open', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    socket.send('not json')
    socket.send({ type: 'shout' })
    socket.send({ type: 'subscribe', topics: 'posts' })
    socket.send({ type: 'subscribe', topics: ['posts'], since: { posts: 'yesterday' } })
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    socket.send({ type: 'ping' })
    await socket.waitFor((message) => message.type === 'pong', 'pong')
    expect(socket.received.map((message) => message.code ?? message.type)).toEqual([
      'bad_message',
      'bad_message',
      'bad_message',
      'bad_message',
      'bad_message',
      'pong',
    ])
  })
})

describe('GET /ws authentication and private topics', () => {
  it('answers authed with the user id and role for a good token', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    expect(await socket.auth('member')).toEqual({ type: 'authed', userId: MEMBER_ID, role: 'member' })
    expect(await socket.subscribe([`user:${MEMBER_ID}`])).toEqual({
      type: 'subscribed',
      topics: [`user:${MEMBER_ID}`],
    })
    await app.live.publish(`user:${MEMBER_ID}`, 'notification', {
      kind: 'vote',
      text: 'Someone upvoted',
      link: null,
    })
    const event = await socket.waitFor((message) => message.type === 'event', 'the notification')
    expect(event).toMatchObject({ topic: `user:${MEMBER_ID}`, event: 'notification', data: { kind: 'vote' } })
  })

  it('answers an error to a bad token and keeps the socket anonymous', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    expect(await socket.auth('forged')).toEqual({
      type: 'error',
      code: 'unauthorized',
      message: expect.any(String),
    })
    expect(await socket.subscribe([`user:${MEMBER_ID}`, 'posts'])).toEqual({
      type: 'subscribed',
      topics: ['posts'],
    })
  })

  it("answers unavailable when the token can't be checked right now", async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    expect(await socket.auth('database-down')).toMatchObject({ type: 'error', code: 'unavailable' })
  })

  it('refuses user:<id> to anonymous sockets and to other users, and mod to non-moderators', async () => {
    const app = await liveApp()
    const anonymous = await openSocket(app)
    expect(await anonymous.subscribe([`user:${MEMBER_ID}`, 'mod'])).toEqual({
      type: 'subscribed',
      topics: [],
    })
    expect(anonymous.received.filter((message) => message.type === 'error')).toEqual([
      { type: 'error', code: 'forbidden', message: expect.any(String), topic: `user:${MEMBER_ID}` },
      { type: 'error', code: 'forbidden', message: expect.any(String), topic: 'mod' },
    ])

    const member = await openSocket(app)
    await member.auth('member')
    expect(await member.subscribe([`user:${OTHER_ID}`, 'mod'])).toEqual({ type: 'subscribed', topics: [] })

    const moderator = await openSocket(app)
    await moderator.auth('moderator')
    expect(await moderator.subscribe(['mod', `user:${MEMBER_ID}`])).toEqual({
      type: 'subscribed',
      topics: ['mod'],
    })

    await app.live.publish(`user:${MEMBER_ID}`, 'role.changed', { role: 'contributor', contributor: true })
    await app.live.publish('mod', 'activity', {
      kind: 'post',
      actor: { _id: MEMBER_ID, username: 'member' },
      subject: { type: 'post', _id: POST_ID, title: 'ls -la' },
      at: new Date().toISOString(),
    })
    await moderator.waitFor((message) => message.type === 'event', 'the mod activity')
    await settle()
    expect(anonymous.events(`user:${MEMBER_ID}`)).toEqual([])
    expect(member.events(`user:${OTHER_ID}`)).toEqual([])
    expect(member.events('mod')).toEqual([])
  })

  it('drops private topics with token_expired when the token expires while connected', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    await socket.auth('short-lived')
    await socket.subscribe([`user:${MEMBER_ID}`, 'posts'])
    // A role change replaces the socket's user, but must not cancel the expiry.
    await app.live.publish(`user:${MEMBER_ID}`, 'role.changed', { role: 'contributor', contributor: true })

    const expired = await socket.waitFor((message) => message.code === 'token_expired', 'token_expired')
    expect(expired).toEqual({ type: 'error', code: 'token_expired', message: expect.any(String) })
    await app.live.publish(`user:${MEMBER_ID}`, 'notification', { kind: 'vote', text: 'private', link: null })
    await app.live.publish('posts', 'post.deleted', { postId: POST_ID })
    await socket.waitFor((message) => message.topic === 'posts', 'the public event')
    expect(socket.events(`user:${MEMBER_ID}`).map((message) => message.event)).toEqual(['role.changed'])
    expect(await socket.subscribe([`user:${MEMBER_ID}`])).toEqual({ type: 'subscribed', topics: [] })
  })
})

describe('GET /ws limits and lifecycle', () => {
  it('refuses the upgrade with 403 for a foreign Origin; the own, allowlisted or no Origin pass', async () => {
    const app = await liveApp()
    await expect(openSocket(app, { origin: 'https://evil.example' })).rejects.toThrow('403')
    await expect(openSocket(app, { origin: 'null' })).rejects.toThrow('403')
    const allowed: Array<Record<string, string>> = [{ origin: SITE }, { origin: PARTNER }, {}]
    for (const headers of allowed) {
      const socket = await openSocket(app, headers)
      expect(await socket.subscribe(['posts'])).toMatchObject({ type: 'subscribed' })
    }
  })

  it('accepts a page served by the host it connects to, under any name of that host', async () => {
    const app = await liveApp()
    const sameHost = await openSocket(app, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })
    expect(await sameHost.subscribe(['posts'])).toMatchObject({ type: 'subscribed' })
    await expect(openSocket(app, { origin: 'https://evil.example', host: '127.0.0.1:3000' })).rejects.toThrow(
      '403',
    )
    await expect(
      openSocket(app, { origin: 'http://127.0.0.1:4000', host: '127.0.0.1:3000' }),
    ).rejects.toThrow('403')
  })

  it('closes the socket with 1009 when a frame exceeds 64 KiB', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    socket.send({ type: 'auth', token: 'x'.repeat(64 * 1024) })
    expect((await socket.closed).code).toBe(1009)
  })

  it('accepts a frame just under 64 KiB', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    socket.send(`{"type":"ping","pad":"${'x'.repeat(64 * 1024 - 40)}"}`)
    expect(await socket.waitFor((message) => message.type === 'pong', 'pong')).toEqual({ type: 'pong' })
  })

  it('closes a socket that floods messages with 1008', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    for (let i = 0; i < 300; i += 1) socket.send({ type: 'ping' })
    expect(await socket.closed).toEqual({ code: 1008, reason: 'too many messages' })
  })

  it('lets a burst of 100 messages through (twice the sustained rate)', async () => {
    const app = await liveApp()
    const socket = await openSocket(app)
    for (let i = 0; i < 100; i += 1) socket.send({ type: 'ping' })
    await socket.waitFor(() => socket.received.length === 100, '100 pongs')
    expect(socket.received.every((message) => message.type === 'pong')).toBe(true)
  })

  it('counts the sockets it accepts in app.presence until they close, and no refused upgrade', async () => {
    const app = await liveApp()
    await expect(openSocket(app, { origin: 'https://evil.example' })).rejects.toThrow('403')
    const [first, second] = [await openSocket(app), await openSocket(app)]
    expect(app.presence.localCount()).toBe(2)
    await expect(app.presence.connectedTotal()).resolves.toBe(2)
    first?.ws.terminate()
    await vi.waitFor(() => expect(app.presence.localCount()).toBe(1))
    expect(await second?.subscribe(['posts'])).toMatchObject({ type: 'subscribed' })
  })

  it('closes every socket with 1001 when the app closes', async () => {
    const app = await liveApp()
    const sockets = [await openSocket(app), await openSocket(app)]
    await sockets[0]?.subscribe(['posts'])
    await app.close()
    for (const socket of sockets)
      expect(await socket.closed).toEqual({ code: 1001, reason: 'server shutting down' })
  })
})
