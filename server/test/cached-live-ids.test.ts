import { randomBytes } from 'node:crypto'
import type { CategoryRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../src/app.ts'
import type { CommentListResponse } from '../src/contract/comments.ts'
import type { PostCard, PostDetailResponse } from '../src/contract/posts.ts'
import type { ProgramResponse } from '../src/contract/programs.ts'
import type { BrowseResponse, WebsiteResponse } from '../src/contract/website.ts'
import { type Bus, createRedisBus } from '../src/live/bus.ts'
import { openSocket, type Received, settle } from '../src/live/ws-test-client.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from './factories.ts'
import { DEFAULT_REDIS_URL, deleteRedisKeys, probeRedis } from './spawn-server.ts'
import { countStatements, StatementCounter } from './statement-counter.ts'

/*
 * Issue 47: a cached answer's `liveId` is the id of the last event of its topic patched into it, not
 * the id read when it was cached, so a client subscribing from it is replayed nothing it already shows
 * (lib/live-positions.ts). One test per cache that carries a live id, each reading an answer from the
 * cache (no statement), causing an event the cache patches in, and reading again.
 */

/** An answer read through `inject`, with the statements it cost (0: served from a cache). */
async function read<T>(app: App, url: string): Promise<{ body: T; statements: number }> {
  const { result, statements } = await countStatements(async () => app.inject({ url }))
  expect(result.statusCode, result.body).toBe(200)
  return { body: result.json() as T, statements }
}

/** What `act` returned, and the id of the `event` on `topic` it caused, once a subscriber has it. */
async function withEvent<T>(
  app: App,
  topic: string,
  event: string,
  act: () => Promise<T>,
): Promise<{ result: T; id: string }> {
  const socket = await openSocket(app)
  try {
    await socket.subscribe([topic])
    const result = await act()
    const received = await socket.waitFor(
      (message) => message.type === 'event' && message.topic === topic && message.event === event,
      `${event} on ${topic}`,
    )
    return { result, id: received.id ?? '' }
  } finally {
    socket.ws.close()
  }
}

/** The id of the `event` on `topic` that `act` causes. */
async function idOfEvent(
  app: App,
  topic: string,
  event: string,
  act: () => Promise<unknown>,
): Promise<string> {
  return (await withEvent(app, topic, event, act)).id
}

/** What a client subscribing to `topic` from `since` is sent of what was published before it came. */
async function replayedSince(app: App, topic: string, since: string): Promise<Received[]> {
  const published = Number(await app.live.currentId(topic))
  const socket = await openSocket(app)
  try {
    await socket.subscribe([topic], { [topic]: since })
    await settle(100)
    return socket.received.filter(
      (message) =>
        message.topic === topic &&
        (message.type === 'reset' || (message.type === 'event' && Number(message.id) <= published)),
    )
  } finally {
    socket.ws.close()
  }
}

function upvote(app: App, postId: string, voter: TestUser) {
  return app.inject({
    method: 'POST',
    url: `/api/posts/upvote/${postId}`,
    headers: authHeader(loginAs(app, voter)),
  })
}

describe('cached answers carry the live id of the last event patched into them', () => {
  let t: TestApp
  let author: TestUser
  let voter: TestUser
  let shell: CategoryRow
  let network: CategoryRow
  let sequence = 0

  beforeAll(async () => {
    t = await buildTestApp({ wrapDb: (db) => db.withPlugin(new StatementCounter()) })
    ;[author, voter] = await Promise.all([createUser(t.db, { role: 'contributor' }), createUser(t.db)])
    shell = await createCategory(t.db, { name: 'Shell', slug: 'shell' })
    network = await createCategory(t.db, { name: 'Network', slug: 'network' })
  })
  afterAll(async () => {
    await t?.close()
  })

  /**
   * Shares a post and waits for the category counts' push it causes (`categories.updated` on `posts`,
   * sent after a short window), so no later step of a test sees that event arrive in its midst.
   */
  async function createIn(category: CategoryRow, command = 'echo live-id'): Promise<PostCard> {
    sequence += 1
    const { result } = await withEvent(t.app, 'posts', 'categories.updated', () =>
      createPostViaApi(t.app, author, {
        title: `Live id ${sequence}`,
        command: `${command} ${sequence}`,
        description: '<p>A post for the cached live id tests.</p>',
        category: category.id,
      }),
    )
    return result
  }

  /** Renames the author, which `author.updated` on `posts` patches into every cached card; its id. */
  function renameAuthor(): Promise<string> {
    const username = `livewriter_${randomBytes(3).toString('hex')}`
    return idOfEvent(t.app, 'posts', 'author.updated', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: authHeader(loginAs(t.app, author)),
        payload: { username, email: author.email },
      })
      expect(res.statusCode, res.body).toBe(200)
      author = { ...author, username }
    })
  }

  it("a post's page: its view count and its votes move its liveId to theirs", async () => {
    const post = await createIn(shell)
    const url = `/api/posts/${post.slug}`
    const topic = `post:${post._id}`
    // The first read counts a view, which the next batch announces.
    const viewsId = await idOfEvent(t.app, topic, 'post.views', async () => {
      expect((await read<PostDetailResponse>(t.app, url)).body.liveId).toBe('0')
      await t.app.viewCounter.flush()
    })
    const viewed = await read<PostDetailResponse>(t.app, url)
    expect(viewed.statements).toBe(0)
    expect(viewed.body.post.viewCount).toBe(1)
    expect(viewed.body.liveId).toBe(viewsId)

    const voteId = await idOfEvent(t.app, topic, 'post.votes', () => upvote(t.app, post._id, voter))
    const voted = await read<PostDetailResponse>(t.app, url)
    expect(voted.statements).toBe(0)
    expect(voted.body.post.uplikeCount).toBe(1)
    expect(voted.body.liveId).toBe(voteId)
    expect(await replayedSince(t.app, topic, voted.body.liveId)).toEqual([])
  })

  it("a post's comment list: the post's vote moves its liveId, which it shows as it was", async () => {
    const post = await createIn(shell)
    const url = `/api/comments/${post._id}`
    const topic = `post:${post._id}`
    const first = await read<CommentListResponse>(t.app, url)
    expect(first.body).toEqual({ comments: [], liveId: '0' })

    const voteId = await idOfEvent(t.app, topic, 'post.votes', () => upvote(t.app, post._id, voter))
    const again = await read<CommentListResponse>(t.app, url)
    expect(again.statements).toBe(0)
    expect(again.body).toEqual({ comments: [], liveId: voteId })
    expect(await replayedSince(t.app, topic, again.body.liveId)).toEqual([])
  })

  it("the home page: a rename patched into its cards moves its posts liveId, not its stats'", async () => {
    await createIn(shell)
    const first = await read<WebsiteResponse>(t.app, '/api/website')

    const renameId = await renameAuthor()
    const again = await read<WebsiteResponse>(t.app, '/api/website')
    expect(again.statements).toBe(0)
    expect(again.body.latestPosts[0]?.author.username).toBe(author.username)
    expect(again.body.liveIds).toEqual({ posts: renameId, stats: first.body.liveIds.stats })
    expect(await replayedSince(t.app, 'posts', again.body.liveIds.posts)).toEqual([])
  })

  it('a browse page: a rename moves its liveId; a new post of another category, kept out of it, holds it there', async () => {
    await createIn(shell)
    const url = '/api/website/browse?category=shell'
    await read<BrowseResponse>(t.app, url)

    const renameId = await renameAuthor()
    const renamed = await read<BrowseResponse>(t.app, url)
    expect(renamed.statements).toBe(0)
    expect(renamed.body.posts[0]?.author.username).toBe(author.username)
    expect(renamed.body.liveId).toBe(renameId)
    expect(await replayedSince(t.app, 'posts', renamed.body.liveId)).toEqual([])

    // The page stays (the new post is not in it), but its category counts are from before the post:
    // the post and the counts' push after it are replayed.
    const created = await idOfEvent(t.app, 'posts', 'post.created', () => createIn(network))
    const counts = String(Number(created) + 1)
    const kept = await read<BrowseResponse>(t.app, url)
    expect(kept.statements).toBe(0)
    expect(kept.body.liveId).toBe(renameId)
    const replayed = await replayedSince(t.app, 'posts', kept.body.liveId)
    expect(replayed.map((message) => [message.id, message.event])).toEqual([
      [created, 'post.created'],
      [counts, 'categories.updated'],
    ])
    await renameAuthor()
    expect((await read<BrowseResponse>(t.app, url)).body.liveId).toBe(renameId)
  })

  it("a program's page: a rename patched into its cards moves its liveId", async () => {
    const program = `livetool${randomBytes(3).toString('hex')}`
    await createIn(shell, `${program} --all`)
    const url = `/api/programs/${program}`
    expect((await read<ProgramResponse>(t.app, url)).body.posts).toHaveLength(1)

    const renameId = await renameAuthor()
    const again = await read<ProgramResponse>(t.app, url)
    expect(again.statements).toBe(0)
    expect(again.body.posts[0]?.author.username).toBe(author.username)
    expect(again.body.liveId).toBe(renameId)
    expect(await replayedSince(t.app, 'posts', again.body.liveId)).toEqual([])
  })
})

// Another instance's events reach this one's caches through Redis, numbered as they are everywhere.
const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL
const redisProblem = await probeRedis(redisUrl)
const redisSuite = redisProblem
  ? `cached live ids across instances: skipped because no Redis answered at ${new URL(redisUrl).host} (${redisProblem})`
  : 'cached live ids across instances sharing Redis'

describe.skipIf(redisProblem !== null)(redisSuite, () => {
  const prefix = `bashboard-live-ids-test:${randomBytes(4).toString('hex')}:`
  let t: TestApp
  // Publishes as another instance's hub would, on the same Redis topics.
  let elsewhere: Bus
  let author: TestUser
  let voter: TestUser

  beforeAll(async () => {
    elsewhere = createRedisBus(redisUrl, { prefix })
    t = await buildTestApp({
      bus: createRedisBus(redisUrl, { prefix }),
      wrapDb: (db) => db.withPlugin(new StatementCounter()),
    })
    expect(await elsewhere.waitUntilReady(3000)).toBe(true)
    expect(await t.bus.waitUntilReady(3000)).toBe(true)
    ;[author, voter] = await Promise.all([createUser(t.db, { role: 'contributor' }), createUser(t.db)])
  })
  afterAll(async () => {
    await t?.close()
    await elsewhere?.close()
    await deleteRedisKeys(redisUrl, prefix)
  })

  it("patches a post's page and comment list with another instance's vote and serves its id", async () => {
    const category = await createCategory(t.db)
    // Read once its event is back from Redis: it drops the pages of its category.
    const { result: post } = await withEvent(t.app, 'posts', 'post.created', () =>
      createPostViaApi(t.app, author, {
        title: `Live id across instances ${randomBytes(3).toString('hex')}`,
        command: 'echo across-instances',
        description: '<p>Cached here, voted on elsewhere.</p>',
        category: category.id,
      }),
    )
    const topic = `post:${post._id}`
    const pageUrl = `/api/posts/${post.slug}`
    const listUrl = `/api/comments/${post._id}`
    await Promise.all([read(t.app, pageUrl), read(t.app, listUrl)])

    const counts = { postId: post._id, uplikeCount: 7, downlikeCount: 2 }
    const elsewhereId = await idOfEvent(t.app, topic, 'post.votes', () =>
      elsewhere.publish(topic, 'post.votes', counts),
    )
    const page = await read<PostDetailResponse>(t.app, pageUrl)
    const list = await read<CommentListResponse>(t.app, listUrl)
    expect([page.statements, list.statements]).toEqual([0, 0])
    expect(page.body.post).toMatchObject({ uplikeCount: 7, downlikeCount: 2 })
    expect([page.body.liveId, list.body.liveId]).toEqual([elsewhereId, elsewhereId])

    // A vote here comes back from Redis numbered like any other.
    const hereId = await idOfEvent(t.app, topic, 'post.votes', () => upvote(t.app, post._id, voter))
    const voted = await read<PostDetailResponse>(t.app, pageUrl)
    expect(voted.statements).toBe(0)
    expect(voted.body.post.uplikeCount).toBe(1)
    expect(voted.body.liveId).toBe(hereId)
    expect(await replayedSince(t.app, topic, voted.body.liveId)).toEqual([])
  })
})
