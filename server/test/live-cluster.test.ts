import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LiveMessage, SocketClient } from './socket-client.ts'
import {
  createThrowawayDatabase,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisKeys,
  findFreePort,
  probePostgres,
  probeRedis,
  type SpawnedServer,
  spawnServer,
  type ThrowawayDatabase,
  waitForReady,
} from './spawn-server.ts'

// Two real processes, one PostgreSQL, one Redis: the scale-out mode of docs/product-rules.md#runtime, end to
// end.
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL
const [postgresProblem, redisProblem] = await Promise.all([probePostgres(adminUrl), probeRedis(redisUrl)])
const missing = [
  postgresProblem && `no PostgreSQL answered at ${new URL(adminUrl).host} (${postgresProblem})`,
  redisProblem && `no Redis answered at ${new URL(redisUrl).host} (${redisProblem})`,
].filter((problem): problem is string => Boolean(problem))
const suiteName =
  missing.length === 0
    ? 'live channel across two server instances sharing PostgreSQL and Redis'
    : `live channel across two server instances: skipped because ${missing.join(' and ')}`

const isStatsEvent = (message: LiveMessage): boolean =>
  message.type === 'event' && message.topic === 'stats' && message.event === 'stats.updated'

const totalUsersOf = (message: LiveMessage): number | undefined =>
  (message.data as { totalUsers?: number } | undefined)?.totalUsers

describe.skipIf(missing.length > 0)(suiteName, () => {
  const redisPrefix = `bashboard-live-test:${randomBytes(4).toString('hex')}:`
  const servers: SpawnedServer[] = []
  const dataDirs: string[] = []
  const sockets: SocketClient[] = []
  let database: ThrowawayDatabase | undefined
  let serverA: SpawnedServer
  let serverB: SpawnedServer
  let userCounter = 0

  async function startServer(name: string, env: Record<string, string>): Promise<SpawnedServer> {
    const dataDir = await mkdtemp(join(tmpdir(), `bashboard-live-${name}-`))
    dataDirs.push(dataDir)
    const server = spawnServer(name, await findFreePort(), { ...env, DATA_DIR: dataDir })
    servers.push(server)
    await waitForReady(server)
    return server
  }

  async function cleanUp(): Promise<void> {
    await Promise.all(sockets.map((socket) => socket.close()))
    await Promise.all(servers.map((server) => server.stop()))
    await database?.drop()
    await deleteRedisKeys(redisUrl, redisPrefix)
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  }

  beforeAll(async () => {
    try {
      database = await createThrowawayDatabase(adminUrl, 'bashboard_live')
      const env = {
        NODE_ENV: 'production',
        MAIL: 'off',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        // The run's own keys: other runs on this Redis don't see its events, and afterAll deletes them.
        REDIS_KEY_PREFIX: redisPrefix,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Five sign-ups from one address within a minute would meet the default limit of five.
        RATE_LIMIT_SIGNUP_PER_MINUTE: '100',
      }
      // One after the other: the first start runs the migrations, the second finds nothing pending.
      serverA = await startServer('A', env)
      serverB = await startServer('B', env)
    } catch (error) {
      await cleanUp()
      throw error
    }
  })

  afterAll(cleanUp)

  async function connect(server: SpawnedServer): Promise<SocketClient> {
    const socket = await SocketClient.connect(server.wsUrl, server.baseUrl)
    sockets.push(socket)
    return socket
  }

  /** Signs a new user up through `server`: their username and the token the sign-up answered. */
  async function signUpThrough(server: SpawnedServer): Promise<{ username: string; token: string }> {
    userCounter += 1
    const username = `cluster_${userCounter}_${randomBytes(3).toString('hex')}`
    const response = await fetch(`${server.baseUrl}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ username, email: `${username}@example.test`, password: 'cluster-password' }),
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return { username, token: ((await response.json()) as { token: string }).token }
  }

  async function totalUsersOn(server: SpawnedServer): Promise<number> {
    const response = await fetch(`${server.baseUrl}/api/website/stats`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { totalUsers: number }).totalUsers
  }

  it('delivers stats.updated to a socket on instance A when a user signs up through instance B', async () => {
    const before = await totalUsersOn(serverA)
    const socket = await connect(serverA)
    await socket.subscribe(['stats'])

    await signUpThrough(serverB)

    const event = await socket.waitFor(
      (message) => isStatsEvent(message) && totalUsersOf(message) === before + 1,
      `stats.updated with totalUsers ${before + 1} on A`,
    )
    expect(event.id).toEqual(expect.any(String))
  })

  it('replays on A, in order, exactly the events a socket missed on B while it was away', async () => {
    const before = await totalUsersOn(serverB)
    // Stays connected throughout, so the test knows which events a reconnecting client should get.
    const observer = await connect(serverA)
    await observer.subscribe(['stats'])
    const leaving = await connect(serverB)
    await leaving.subscribe(['stats'])

    await signUpThrough(serverB)
    const lastSeen = await leaving.waitFor(
      (message) => isStatsEvent(message) && totalUsersOf(message) === before + 1,
      `stats.updated with totalUsers ${before + 1} on B`,
    )
    await leaving.close()

    const missedSignups = 3
    for (let i = 0; i < missedSignups; i += 1) await signUpThrough(serverB)
    await observer.waitFor(
      (message) => isStatsEvent(message) && totalUsersOf(message) === before + 1 + missedSignups,
      `stats.updated with totalUsers ${before + 1 + missedSignups} on the observer`,
    )
    const observed = observer.events('stats')
    const seenAt = observed.findIndex((message) => message.id === lastSeen.id)
    expect(seenAt, 'the observer saw the event the leaving socket saw last').toBeGreaterThanOrEqual(0)
    const missed = observed.slice(seenAt + 1)
    expect(missed.length).toBeGreaterThanOrEqual(1)

    const returning = await connect(serverA)
    await returning.subscribe(['stats'], { stats: lastSeen.id as string })
    await returning.waitFor(
      (message) => isStatsEvent(message) && message.id === missed.at(-1)?.id,
      `the replay up to event ${missed.at(-1)?.id}`,
    )
    // Anything extra (a duplicate, an event from before the gap, a reset) would arrive right behind.
    await new Promise((resolve) => setTimeout(resolve, 300))

    expect(returning.received.filter((message) => message.type === 'reset')).toEqual([])
    const replayed = returning.events('stats')
    const pick = ({ id, event, data }: LiveMessage) => ({ id, event, data })
    expect(replayed.map(pick)).toEqual(missed.map(pick))
    expect(replayed.map(totalUsersOf).at(-1)).toBe(before + 1 + missedSignups)
  })

  /** Runs SQL on the cluster's database directly (what an admin would do), for set-up only. */
  async function sqlOnDatabase(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: database?.url })
    await client.connect()
    try {
      return await client.query(text, values)
    } finally {
      await client.end()
    }
  }

  /** A bearer token for a new user of `role`, signed up and logged in through `server`. */
  async function tokenWithRole(server: SpawnedServer, role: 'contributor' | 'moderator'): Promise<string> {
    const { username } = await signUpThrough(server)
    await sqlOnDatabase('UPDATE users SET role = $2 WHERE username = $1', [username, role])
    const login = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: username, password: 'cluster-password' }),
    })
    expect(login.status).toBe(200)
    return ((await login.json()) as { token: string }).token
  }

  it("counts the sockets of both instances in A's moderation console, and forgets them when they close", async () => {
    const token = await tokenWithRole(serverA, 'moderator')
    const connectedNowOnA = async (): Promise<number> => {
      const response = await fetch(`${serverA.baseUrl}/api/mod/stats`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { connectedNow: number }).connectedNow
    }
    const waitForCount = async (expected: number): Promise<void> => {
      const deadline = Date.now() + 5000
      let seen = await connectedNowOnA()
      while (seen !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        seen = await connectedNowOnA()
      }
      expect(seen).toBe(expected)
    }
    // Sockets of the earlier tests may still be closing: start from a settled count.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const before = await connectedNowOnA()

    // B reports a changed count within a second.
    const onB = [await connect(serverB), await connect(serverB)]
    await waitForCount(before + 2)
    const onA = await connect(serverA)
    await waitForCount(before + 3)
    await Promise.all([...onB, onA].map((socket) => socket.close()))
    await waitForCount(before)
  })

  /** A new category named `slug` (what an admin would do); its id. */
  async function createCategory(slug: string): Promise<string> {
    const category = await sqlOnDatabase('INSERT INTO categories (name, slug) VALUES ($1, $1) RETURNING id', [
      slug,
    ])
    return category.rows[0].id
  }

  /** A new contributor's post in the category, created through `server`. */
  async function createPostThrough(server: SpawnedServer, title: string, slug: string, categoryId: string) {
    const token = await tokenWithRole(server, 'contributor')
    const created = await fetch(`${server.baseUrl}/api/posts/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title,
        command: `echo ${slug}`,
        description: `<p>${title}: created on one instance, read on both.</p>`,
        category: categoryId,
      }),
    })
    expect(created.status, await created.clone().text()).toBe(201)
    return ((await created.json()) as { post: { _id: string; slug: string } }).post
  }

  it('drops the cached browse page on A as soon as a post created through B reaches A', async () => {
    const slug = `cluster-${randomBytes(3).toString('hex')}`
    const categoryId = await createCategory(slug)
    const browseOnA = async () => {
      const response = await fetch(`${serverA.baseUrl}/api/website/browse?category=${slug}`)
      return ((await response.json()) as { posts: Array<{ title: string }> }).posts.map((post) => post.title)
    }
    // Cached on A now (fresh for two seconds).
    expect(await browseOnA()).toEqual([])
    const socket = await connect(serverA)
    await socket.subscribe(['posts'])
    await createPostThrough(serverB, `Cluster post ${slug}`, slug, categoryId)
    // A drops its caches when the event arrives, before handing it to its sockets: the next read is fresh.
    await socket.waitFor(
      (message) => message.type === 'event' && message.event === 'post.created',
      'post.created on A',
    )
    expect(await browseOnA()).toEqual([`Cluster post ${slug}`])
  })

  it("shows a post's views and votes on both instances within 2 s, patched into their cached pages", async () => {
    const slug = `views-${randomBytes(3).toString('hex')}`
    const post = await createPostThrough(
      serverB,
      `Viewed everywhere ${slug}`,
      slug,
      await createCategory(slug),
    )
    type Card = { _id: string; viewCount: number; uplikeCount: number }
    const countsOn = async (server: SpawnedServer) => {
      const [detail, list] = await Promise.all([
        fetch(`${server.baseUrl}/api/posts/${post.slug}`, { headers: { 'user-agent': 'cluster-reader' } }),
        fetch(`${server.baseUrl}/api/website/browse?category=${slug}`),
      ])
      const card = ((await detail.json()) as { post: Card }).post
      const listed = ((await list.json()) as { posts: Card[] }).posts.find((item) => item._id === post._id)
      return { detail: [card.viewCount, card.uplikeCount], list: [listed?.viewCount, listed?.uplikeCount] }
    }
    // Both instances cache the page and the list now; the reader's own view counts once, hourly.
    await Promise.all([countsOn(serverA), countsOn(serverB)])

    // Three members (two on A, one on B) and a guest on B read the post; a member on A upvotes it.
    const readers = await Promise.all([
      tokenWithRole(serverA, 'contributor'),
      tokenWithRole(serverA, 'contributor'),
      tokenWithRole(serverB, 'contributor'),
    ])
    const visited = Date.now()
    await Promise.all([
      ...readers.map((reader, i) =>
        fetch(`${(i < 2 ? serverA : serverB).baseUrl}/api/posts/${post.slug}`, {
          headers: { authorization: `Bearer ${reader}` },
        }),
      ),
      fetch(`${serverB.baseUrl}/api/posts/${post.slug}`, { headers: { 'user-agent': 'cluster-guest' } }),
      fetch(`${serverA.baseUrl}/api/posts/upvote/${post._id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readers[0]}` },
      }),
    ])
    // The first round's reader, three members and the guest: five visitors in all.
    const expected = { detail: [5, 1], list: [5, 1] }
    let seen: Array<Awaited<ReturnType<typeof countsOn>>> = []
    while (Date.now() - visited < 2000) {
      seen = await Promise.all([countsOn(serverA), countsOn(serverB)])
      if (seen.every((counts) => JSON.stringify(counts) === JSON.stringify(expected))) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(seen).toEqual([expected, expected])
  })
  it("finds a post created through B in A's search index within 2 s, misspelt too, and forgets it once deleted", async () => {
    const slug = `search-${randomBytes(3).toString('hex')}`
    const post = await createPostThrough(
      serverB,
      `Rotate the xylophone ${slug} logs`,
      slug,
      await createCategory(slug),
    )
    const foundOnA = async (query: string) => {
      const response = await fetch(
        `${serverA.baseUrl}/api/posts/v1/search?search=${encodeURIComponent(query)}`,
      )
      expect(response.status).toBe(200)
      return ((await response.json()) as { posts: Array<{ _id: string }> }).posts.map((card) => card._id)
    }
    const waitOnA = async (query: string, present: boolean) => {
      const since = Date.now()
      let found: string[] = []
      while (Date.now() - since < 2000) {
        found = await foundOnA(query)
        if (found.includes(post._id) === present) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return found.includes(post._id)
    }
    // Each query is new, so no cached page answers it: the index of A does.
    expect(await waitOnA('xylophnoe rotate', true)).toBe(true)
    const token = await tokenWithRole(serverB, 'moderator')
    const deleted = await fetch(`${serverB.baseUrl}/api/posts/${post._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(deleted.status).toBe(200)
    expect(await waitOnA('xylophone logs', false)).toBe(false)
  })

  it("shows a member on A their vote and save made through B within 2 s, though A keeps the member's marks", async () => {
    const slug = `marks-${randomBytes(3).toString('hex')}`
    const post = await createPostThrough(serverB, `Marked on both ${slug}`, slug, await createCategory(slug))
    const member = await tokenWithRole(serverA, 'contributor')
    const marksOnA = async () => {
      const response = await fetch(`${serverA.baseUrl}/api/website/browse?category=${slug}`, {
        headers: { authorization: `Bearer ${member}` },
      })
      const body = (await response.json()) as {
        posts: Array<{ _id: string; isSaved: boolean }>
        myReactedPosts: { likedPosts: string[] }
      }
      return {
        liked: body.myReactedPosts.likedPosts.includes(post._id),
        saved: body.posts.find((card) => card._id === post._id)?.isSaved,
      }
    }
    // A keeps the member's marks of the post now: nothing voted, nothing saved.
    expect(await marksOnA()).toEqual({ liked: false, saved: false })
    const headers = { authorization: `Bearer ${member}` }
    const [voted, saved] = await Promise.all([
      fetch(`${serverB.baseUrl}/api/posts/upvote/${post._id}`, { method: 'POST', headers }),
      fetch(`${serverB.baseUrl}/api/posts/${post._id}/save`, { method: 'POST', headers }),
    ])
    expect([voted.status, saved.status]).toEqual([200, 200])
    const changed = Date.now()
    let seen = await marksOnA()
    while (Date.now() - changed < 2000 && !(seen.liked && seen.saved)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      seen = await marksOnA()
    }
    expect(seen).toEqual({ liked: true, saved: true })
  })

  it('ends a session on A within 2 s of a password change through B, though A keeps the user', async () => {
    // The sign-up's token, not a login's: the login limit of ten a minute is shared with the other tests.
    const { token } = await signUpThrough(serverA)
    const headerOnA = async () =>
      (
        await fetch(`${serverA.baseUrl}/api/website/user/profile/header`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status
    // A keeps the user's row now.
    expect(await headerOnA()).toBe(200)
    const changed = await fetch(`${serverB.baseUrl}/api/users`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'cluster-password', newPassword: 'cluster-password-2' }),
    })
    expect(changed.status).toBe(200)
    const at = Date.now()
    let status = await headerOnA()
    while (Date.now() - at < 2000 && status !== 401) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await headerOnA()
    }
    expect(status).toBe(401)
  })
})
