import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { type RecordedEvent, recordEvents, sleep } from '../../../test/events.ts'
import { createCategory, createPost, createUser, headersFor, type TestUser } from '../../../test/factories.ts'
import { readNaviCheat } from '../../../test/navi-cheat.ts'
import { xssPayloads } from '../../../test/xss-corpus.ts'
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type CollectionDetail,
  type CollectionSummary,
  type MyCollectionsResponse,
  SAVED_PAGE_SIZE,
  type SavedPostsResponse,
} from '../../contract/collections.ts'
import { ErrorResponse } from '../../contract/common.ts'
import { LiveEvents } from '../../contract/live.ts'
import type { PostCard, PostDetailResponse } from '../../contract/posts.ts'

let t: TestApp
let author: TestUser
let owner: TestUser
let other: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  ;[author, owner, other] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db),
    createUser(t.db),
  ])
})
afterAll(async () => {
  await t?.close()
})

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: headersFor(t.app, user),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

function newPost(fields: { title?: string; command?: string; categoryId?: string } = {}) {
  return createPost(t.db, { authorId: author.id, ...fields })
}

async function savedCountOf(postId: string): Promise<{ column: number; rows: number }> {
  const { rows } = await sql<{ column: number; rows: number }>`
    SELECT p.saved_count AS column, (SELECT count(*)::int FROM saves s WHERE s.post_id = p.id) AS rows
    FROM posts p WHERE p.id = ${postId}`.execute(t.db)
  return rows[0] ?? { column: -1, rows: -1 }
}

async function createCollection(
  user: TestUser,
  body: { name: string; description?: string; public: boolean },
): Promise<CollectionSummary> {
  const res = await call(user, 'POST', '/api/collections', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<CollectionSummary>()
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status)
  const body = res.json()
  expect(Value.Check(ErrorResponse, body)).toBe(true)
  if (message !== undefined) expect(body).toMatchObject({ message })
}

// The events of saves and collections; the app's background batches (views, stats) publish others.
const OWN_EVENTS = new Set(['post.saves', 'saved.changed', 'collection.changed', 'collection.deleted'])

/** The save and collection events a write published. */
async function eventsOf(write: () => Promise<unknown>): Promise<RecordedEvent[]> {
  const { events, stop } = recordEvents(t.bus)
  try {
    await write()
    return events.filter((event) => OWN_EVENTS.has(event.event ?? ''))
  } finally {
    stop()
  }
}

function checkPayload(event: RecordedEvent): void {
  const kind = event.topic.startsWith('post:')
    ? 'post'
    : event.topic.startsWith('user:')
      ? 'user'
      : event.topic
  const schemas: Record<string, TSchema> = LiveEvents[kind as keyof typeof LiveEvents]
  const schema = schemas[event.event ?? '']
  expect(schema, `${event.topic} ${event.event}`).toBeDefined()
  if (schema) expect(Value.Check(schema, event.data), JSON.stringify(event.data)).toBe(true)
}

describe('saving posts', () => {
  it('refuses guests with 401 in the standard error shape', async () => {
    const post = await newPost()
    expectError(await call(null, 'POST', `/api/posts/${post.id}/save`), 401)
    expectError(await call(null, 'DELETE', `/api/posts/${post.id}/save`), 401)
    expectError(await call(null, 'GET', '/api/users/me/saved'), 401)
  })

  it('answers 404 for an unknown or malformed post id', async () => {
    expectError(await call(owner, 'POST', `/api/posts/${randomUUID()}/save`), 404, 'Post not found')
    expectError(await call(owner, 'POST', '/api/posts/not-a-uuid/save'), 404, 'Post not found')
    expectError(await call(owner, 'DELETE', `/api/posts/${randomUUID()}/save`), 404, 'Post not found')
  })

  it('counts saves and unsaves exactly, and a repeated press changes nothing', async () => {
    const post = await newPost()
    const url = `/api/posts/${post.id}/save`
    expect((await call(owner, 'POST', url)).json()).toEqual({ postId: post.id, saved: true, savedCount: 1 })
    expect((await call(owner, 'POST', url)).json()).toEqual({ postId: post.id, saved: true, savedCount: 1 })
    expect((await call(other, 'POST', url)).json()).toEqual({ postId: post.id, saved: true, savedCount: 2 })
    expect((await call(owner, 'DELETE', url)).json()).toEqual({
      postId: post.id,
      saved: false,
      savedCount: 1,
    })
    expect((await call(owner, 'DELETE', url)).json()).toEqual({
      postId: post.id,
      saved: false,
      savedCount: 1,
    })
    expect(await savedCountOf(post.id)).toEqual({ column: 1, rows: 1 })
  })

  it('keeps the count equal to a recount under concurrent saves and unsaves', async () => {
    const post = await newPost()
    const savers = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db)))
    const url = `/api/posts/${post.id}/save`
    // Each saver presses save twice at once; half of them then unsave twice at once.
    await Promise.all(savers.flatMap((user) => [call(user, 'POST', url), call(user, 'POST', url)]))
    expect(await savedCountOf(post.id)).toEqual({ column: 8, rows: 8 })
    const leaving = savers.slice(0, 4)
    const answers = await Promise.all(
      leaving.flatMap((user) => [call(user, 'DELETE', url), call(user, 'DELETE', url)]),
    )
    for (const res of answers) expect(res.statusCode).toBe(200)
    expect(await savedCountOf(post.id)).toEqual({ column: 4, rows: 4 })
  })

  it('publishes the new count on post:<id> and the save on the saver’s user:<id>, once per change', async () => {
    const post = await newPost()
    const url = `/api/posts/${post.id}/save`
    const saved = await eventsOf(() => call(owner, 'POST', url))
    expect(saved.map((e) => [e.topic, e.event, e.data])).toEqual([
      [`post:${post.id}`, 'post.saves', { postId: post.id, savedCount: 1 }],
      [`user:${owner.id}`, 'saved.changed', { postId: post.id, saved: true, savedCount: 1 }],
    ])
    for (const event of saved) checkPayload(event)
    expect(await eventsOf(() => call(owner, 'POST', url))).toEqual([])
    const unsaved = await eventsOf(() => call(owner, 'DELETE', url))
    expect(unsaved.map((e) => [e.topic, e.event, e.data])).toEqual([
      [`post:${post.id}`, 'post.saves', { postId: post.id, savedCount: 0 }],
      [`user:${owner.id}`, 'saved.changed', { postId: post.id, saved: false, savedCount: 0 }],
    ])
  })
})

describe('saved state on cards', () => {
  it('shows savedCount to everyone and isSaved only to the saver, without leaking through the shared caches', async () => {
    const category = await createCategory(t.db)
    const post = await newPost({ title: `Shared card ${randomUUID().slice(0, 8)}`, categoryId: category.id })
    const detailUrl = `/api/posts/${post.slug}`
    // A guest's read puts the shared page in the cache before anyone saves.
    expect((await call(null, 'GET', detailUrl)).json<PostDetailResponse>().post).toMatchObject({
      savedCount: 0,
      isSaved: false,
    })
    await call(owner, 'POST', `/api/posts/${post.id}/save`)

    const mine = (await call(owner, 'GET', detailUrl)).json<PostDetailResponse>()
    expect(mine.isSaved).toBe(true)
    expect(mine.post).toMatchObject({ savedCount: 1, isSaved: true })
    // The cached card was patched by post.saves, and the saver's flag stayed on their copy.
    for (const viewer of [null, other]) {
      const seen = (await call(viewer, 'GET', detailUrl)).json<PostDetailResponse>()
      expect(seen.isSaved).toBe(false)
      expect(seen.post).toMatchObject({ savedCount: 1, isSaved: false })
    }

    const browseUrl = `/api/website/browse?category=${category.slug}`
    const cardIn = (body: { posts: PostCard[] }) => body.posts.find((card) => card._id === post.id)
    expect(cardIn((await call(owner, 'GET', browseUrl)).json())).toMatchObject({
      savedCount: 1,
      isSaved: true,
    })
    expect(cardIn((await call(null, 'GET', browseUrl)).json())).toMatchObject({
      savedCount: 1,
      isSaved: false,
    })
    expect(cardIn((await call(other, 'GET', browseUrl)).json())).toMatchObject({ isSaved: false })

    // The post was written without the services' events: the search index reads it again.
    await t.app.searchIndex?.rebuild()
    const searchUrl = `/api/posts/v1/search?search=${encodeURIComponent(post.title)}`
    expect(cardIn((await call(owner, 'GET', searchUrl)).json())).toMatchObject({ isSaved: true })
    expect(cardIn((await call(null, 'GET', searchUrl)).json())).toMatchObject({ isSaved: false })

    const home = (await call(owner, 'GET', '/api/website')).json<{ latestPosts: PostCard[] }>()
    expect(home.latestPosts.find((card) => card._id === post.id)).toMatchObject({ isSaved: true })
    const guestHome = (await call(null, 'GET', '/api/website')).json<{ latestPosts: PostCard[] }>()
    expect(guestHome.latestPosts.every((card) => card.isSaved === false)).toBe(true)
  })

  it('patches the saved count of a cached post page when someone saves it', async () => {
    const post = await newPost()
    const detailUrl = `/api/posts/${post.id}`
    expect((await call(null, 'GET', detailUrl)).json<PostDetailResponse>().post.savedCount).toBe(0)
    await call(other, 'POST', `/api/posts/${post.id}/save`)
    let count = 0
    const started = Date.now()
    while (Date.now() - started < 2000 && count !== 1) {
      count = (await call(null, 'GET', detailUrl)).json<PostDetailResponse>().post.savedCount
      if (count !== 1) await sleep(20)
    }
    expect(count).toBe(1)
  })
})

describe('GET /api/users/me/saved', () => {
  it('lists the caller’s saves, most recent first, a page at a time, and drops deleted posts', async () => {
    const saver = await createUser(t.db)
    const posts = []
    for (let i = 0; i < SAVED_PAGE_SIZE + 2; i += 1) posts.push(await newPost())
    for (const post of posts) {
      expect((await call(saver, 'POST', `/api/posts/${post.id}/save`)).statusCode).toBe(200)
    }
    const first = (await call(saver, 'GET', '/api/users/me/saved')).json<SavedPostsResponse>()
    expect(first.pagination).toEqual({
      page: 1,
      pageSize: SAVED_PAGE_SIZE,
      totalPosts: SAVED_PAGE_SIZE + 2,
      totalPages: 2,
    })
    expect(first.posts.map((card) => card._id)).toEqual(
      [...posts]
        .reverse()
        .slice(0, SAVED_PAGE_SIZE)
        .map((post) => post.id),
    )
    expect(first.posts.every((card) => card.isSaved)).toBe(true)
    expect(first.liveId).toMatch(/^\d+$/)
    const second = (await call(saver, 'GET', '/api/users/me/saved?page=2')).json<SavedPostsResponse>()
    expect(second.posts.map((card) => card._id)).toEqual([posts[1]?.id, posts[0]?.id])

    // The author deletes a saved post: it is gone from the list and the total.
    const gone = posts[posts.length - 1]
    const res = await call(author, 'DELETE', `/api/posts/${gone?.id}`)
    expect(res.statusCode).toBe(200)
    const after = (await call(saver, 'GET', '/api/users/me/saved')).json<SavedPostsResponse>()
    expect(after.pagination.totalPosts).toBe(SAVED_PAGE_SIZE + 1)
    expect(after.posts.some((card) => card._id === gone?.id)).toBe(false)
    // Someone else's saves are theirs alone.
    expect(
      (await call(other, 'GET', '/api/users/me/saved')).json<SavedPostsResponse>().posts,
    ).not.toContainEqual(expect.objectContaining({ _id: posts[0]?.id }))
  })

  it('refuses a page below 1 with 400', async () => {
    expectError(await call(owner, 'GET', '/api/users/me/saved?page=0'), 400)
  })
})

describe('creating and editing collections', () => {
  it('creates a collection with a slug from its name, and publishes it to the owner', async () => {
    const user = await createUser(t.db)
    let created: CollectionSummary | undefined
    const events = await eventsOf(async () => {
      created = await createCollection(user, {
        name: '  Git Tricks!  ',
        description: ' Handy ',
        public: true,
      })
    })
    expect(created).toMatchObject({
      name: 'Git Tricks!',
      slug: 'git-tricks',
      description: 'Handy',
      public: true,
      postCount: 0,
      owner: { _id: user.id, username: user.username, avatar: null },
      url: `/c/${user.username}/git-tricks`,
    })
    expect(events.map((e) => [e.topic, e.event])).toEqual([[`user:${user.id}`, 'collection.changed']])
    expect(events[0]?.data).toMatchObject({
      change: 'created',
      postId: null,
      collection: { _id: created?._id },
    })
    for (const event of events) checkPayload(event)
  })

  it('refuses a duplicate name (ignoring case) with 409, but not another user’s', async () => {
    const user = await createUser(t.db)
    await createCollection(user, { name: 'Docker', public: false })
    expectError(
      await call(user, 'POST', '/api/collections', { name: 'DOCKER', public: true }),
      409,
      COLLECTION_MESSAGES.duplicateName,
    )
    await createCollection(other, { name: `Docker ${user.id}`, public: false })
    const elsewhere = await createUser(t.db)
    await createCollection(elsewhere, { name: 'docker', public: false })
  })

  it('checks the name and description limits with 422 naming the rule, and the shape with 400', async () => {
    const user = await createUser(t.db)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ', public: true }, COLLECTION_MESSAGES.nameRequired],
      [
        { name: 'x'.repeat(COLLECTION_LIMITS.nameMaxLength + 1), public: true },
        COLLECTION_MESSAGES.nameTooLong,
      ],
      [{ name: 'two\nlines', public: true }, COLLECTION_MESSAGES.nameCharacters],
      [{ name: 'bell\u0007', public: true }, COLLECTION_MESSAGES.nameCharacters],
      [
        { name: 'Long', description: 'd'.repeat(COLLECTION_LIMITS.descriptionMaxLength + 1), public: true },
        COLLECTION_MESSAGES.descriptionTooLong,
      ],
      [{ name: 'Bell', description: 'a\u0007b', public: true }, COLLECTION_MESSAGES.descriptionCharacters],
    ]
    for (const [body, message] of cases)
      expectError(await call(user, 'POST', '/api/collections', body), 422, message)
    // The limits count characters, not UTF-16 units: 60 emoji fit.
    await createCollection(user, { name: '🚀'.repeat(COLLECTION_LIMITS.nameMaxLength), public: false })
    await createCollection(user, { name: 'Multi', description: 'line one\nline two', public: false })
    expectError(await call(user, 'POST', '/api/collections', { name: 'No flag' }), 400)
    expectError(
      await call(user, 'POST', '/api/collections', { name: 'Extra', public: true, ownerId: other.id }),
      400,
    )
    expectError(await call(user, 'POST', '/api/collections', { name: 'Typed', public: 'yes' }), 400)
  })

  it('refuses a 101st collection with 409', async () => {
    const user = await createUser(t.db)
    await sql`INSERT INTO collections (owner_id, name, slug)
      SELECT ${user.id}::uuid, 'Bulk ' || n, 'bulk-' || n
      FROM generate_series(1, ${COLLECTION_LIMITS.collectionsPerUser}) AS n`.execute(t.db)
    expectError(
      await call(user, 'POST', '/api/collections', { name: 'One too many', public: false }),
      409,
      COLLECTION_MESSAGES.tooManyCollections,
    )
  })

  it('numbers the slug of a name whose slug is taken, and keeps a slug when the collection is renamed', async () => {
    const user = await createUser(t.db)
    const first = await createCollection(user, { name: 'Networking', public: true })
    const renamed = await call(user, 'PATCH', `/api/collections/${first._id}`, { name: 'Sockets' })
    expect(renamed.json()).toMatchObject({ name: 'Sockets', slug: 'networking' })
    const second = await createCollection(user, { name: 'networking!', public: true })
    expect(second.slug).toBe('networking-2')
    const symbols = await createCollection(user, { name: '★★★', public: true })
    expect(symbols.slug).toBe('collection')
  })

  it('edits name, description and visibility of the owner’s collection only', async () => {
    const user = await createUser(t.db)
    const mine = await createCollection(user, { name: 'Edit me', public: false })
    await createCollection(user, { name: 'Taken', public: false })
    const url = `/api/collections/${mine._id}`
    const events = await eventsOf(async () => {
      const res = await call(user, 'PATCH', url, { description: 'Now described', public: true })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ name: 'Edit me', description: 'Now described', public: true })
    })
    expect(events.map((e) => [e.topic, e.event, (e.data as { change: string }).change])).toEqual([
      [`user:${user.id}`, 'collection.changed', 'updated'],
    ])
    expectError(await call(user, 'PATCH', url, { name: 'taken' }), 409, COLLECTION_MESSAGES.duplicateName)
    // Nothing to change breaks a rule of the body (at least one field): 422 like other rule failures.
    expectError(await call(user, 'PATCH', url, {}), 422)
    expectError(await call(user, 'PATCH', url, { slug: 'hijack' }), 400)
    expectError(await call(other, 'PATCH', url, { name: 'Mine now' }), 404, COLLECTION_MESSAGES.notFound)
    expectError(await call(user, 'PATCH', `/api/collections/${randomUUID()}`, { name: 'Nope' }), 404)
    expectError(await call(null, 'PATCH', url, { name: 'Guest' }), 401)
  })

  it('deletes the owner’s collection only, and its posts stay saved', async () => {
    const user = await createUser(t.db)
    const post = await newPost()
    const mine = await createCollection(user, { name: 'Short lived', public: true })
    await call(user, 'POST', `/api/collections/${mine._id}/posts`, { postId: post.id })
    const url = `/api/collections/${mine._id}`
    expectError(await call(other, 'DELETE', url), 404)
    const events = await eventsOf(async () => {
      expect((await call(user, 'DELETE', url)).json()).toEqual({ collectionId: mine._id })
    })
    expect(events.map((e) => [e.topic, e.event, e.data])).toEqual([
      [`user:${user.id}`, 'collection.deleted', { collectionId: mine._id }],
    ])
    expectError(await call(user, 'GET', url), 404)
    expectError(await call(user, 'DELETE', url), 404)
    expect(await savedCountOf(post.id)).toEqual({ column: 1, rows: 1 })
  })
})

describe('reading collections', () => {
  let mine: CollectionSummary
  let secret: CollectionSummary
  let post: { id: string }

  beforeAll(async () => {
    mine = await createCollection(owner, { name: 'Public picks', description: 'The best', public: true })
    secret = await createCollection(owner, { name: 'Secret stash', public: false })
    post = await newPost()
    await call(owner, 'POST', `/api/collections/${secret._id}/posts`, { postId: post.id })
  })

  it('shows a public collection to anyone, with isOwner only for its owner', async () => {
    for (const viewer of [null, other, owner]) {
      const res = await call(viewer, 'GET', `/api/collections/${mine._id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json<CollectionDetail>()).toMatchObject({
        _id: mine._id,
        name: 'Public picks',
        description: 'The best',
        public: true,
        owner: { username: owner.username },
        posts: [],
        isOwner: viewer === owner,
      })
    }
  })

  it('answers 404 to anyone but the owner for a private collection, by id, by slug and as an export', async () => {
    const urls = [
      `/api/collections/${secret._id}`,
      `/api/collections/by-slug/${owner.username}/${secret.slug}`,
      `/api/collections/${secret._id}/export?format=json`,
    ]
    for (const url of urls) {
      for (const viewer of [null, other])
        expectError(await call(viewer, 'GET', url), 404, COLLECTION_MESSAGES.notFound)
      expect((await call(owner, 'GET', url)).statusCode).toBe(200)
    }
    const detail = (await call(owner, 'GET', urls[0] as string)).json<CollectionDetail>()
    expect(detail.posts.map((card) => [card._id, card.isSaved])).toEqual([[post.id, true]])
  })

  it('answers 404 for unknown and malformed ids and slugs', async () => {
    for (const url of [
      `/api/collections/${randomUUID()}`,
      '/api/collections/not-a-uuid',
      `/api/collections/by-slug/${owner.username}/no-such-slug`,
      `/api/collections/by-slug/no_such_user_${randomUUID().slice(0, 8)}/public-picks`,
      `/api/collections/${randomUUID()}/export`,
    ]) {
      expectError(await call(owner, 'GET', url), 404)
    }
  })

  it('finds a public collection by its owner’s username in any case and its slug', async () => {
    const res = await call(
      null,
      'GET',
      `/api/collections/by-slug/${owner.username.toUpperCase()}/${mine.slug}`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json<CollectionDetail>()._id).toBe(mine._id)
  })

  it('lists the caller’s collections with hasPost for a given post, and a user’s public ones to anyone', async () => {
    const list = (
      await call(owner, 'GET', `/api/collections?containsPost=${post.id}`)
    ).json<MyCollectionsResponse>()
    const byId = new Map(list.collections.map((item) => [item._id, item]))
    expect(byId.get(secret._id)).toMatchObject({ hasPost: true, postCount: 1, public: false })
    expect(byId.get(mine._id)).toMatchObject({ hasPost: false, postCount: 0, public: true })
    const plain = (await call(owner, 'GET', '/api/collections')).json<MyCollectionsResponse>()
    expect(plain.collections.every((item) => item.hasPost === undefined)).toBe(true)
    expect(
      (await call(other, 'GET', '/api/collections')).json<MyCollectionsResponse>().collections,
    ).not.toContainEqual(expect.objectContaining({ _id: mine._id }))
    expectError(await call(null, 'GET', '/api/collections'), 401)

    const shown = await call(null, 'GET', `/api/users/${owner.username}/collections`)
    expect(shown.statusCode).toBe(200)
    const ids = shown.json<{ collections: CollectionSummary[] }>().collections.map((item) => item._id)
    expect(ids).toContain(mine._id)
    expect(ids).not.toContain(secret._id)
    expectError(await call(null, 'GET', `/api/users/nobody_${randomUUID().slice(0, 8)}/collections`), 404)
  })
})

describe('the posts of a collection', () => {
  it('adds a post at the end and saves it, once; unknown post 404; someone else’s collection 404', async () => {
    const user = await createUser(t.db)
    const collection = await createCollection(user, { name: 'Adds', public: true })
    const [a, b] = [await newPost(), await newPost()]
    const url = `/api/collections/${collection._id}/posts`
    const events = await eventsOf(async () => {
      const res = await call(user, 'POST', url, { postId: a.id })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        postId: a.id,
        saved: true,
        savedCount: 1,
        collection: { postCount: 1 },
      })
    })
    expect(events.map((e) => [e.topic, e.event])).toEqual([
      [`post:${a.id}`, 'post.saves'],
      [`user:${user.id}`, 'saved.changed'],
      [`user:${user.id}`, 'collection.changed'],
    ])
    expect(events[2]?.data).toMatchObject({ change: 'post.added', postId: a.id })
    for (const event of events) checkPayload(event)
    // Again: nothing changes and nothing is published.
    expect(await eventsOf(() => call(user, 'POST', url, { postId: a.id }))).toEqual([])
    // Already saved before being added: the count stays.
    await call(user, 'POST', `/api/posts/${b.id}/save`)
    const second = (await call(user, 'POST', url, { postId: b.id })).json()
    expect(second).toMatchObject({ saved: true, savedCount: 1, collection: { postCount: 2 } })
    const detail = (await call(null, 'GET', `/api/collections/${collection._id}`)).json<CollectionDetail>()
    expect(detail.posts.map((card) => card._id)).toEqual([a.id, b.id])

    expectError(
      await call(user, 'POST', url, { postId: randomUUID() }),
      404,
      COLLECTION_MESSAGES.postNotFound,
    )
    expectError(await call(user, 'POST', url, { postId: 'nope' }), 404)
    expectError(await call(user, 'POST', url, {}), 400)
    expectError(await call(other, 'POST', url, { postId: a.id }), 404, COLLECTION_MESSAGES.notFound)
    expectError(await call(null, 'POST', url, { postId: a.id }), 401)
  })

  it('refuses a 501st post with 409', async () => {
    const user = await createUser(t.db)
    const collection = await createCollection(user, { name: 'Full', public: false })
    const prefix = randomUUID().slice(0, 8)
    await sql`
      WITH made AS (
        INSERT INTO posts (author_id, title, slug, command, command_key, description, description_text)
        SELECT ${author.id}::uuid, 'Bulk ' || ${prefix} || ' ' || n, 'bulk-' || ${prefix} || '-' || n,
          'echo bulk-' || ${prefix} || '-' || n, 'echo bulk-' || ${prefix} || '-' || n, '<p>x</p>', 'x'
        FROM generate_series(1, ${COLLECTION_LIMITS.postsPerCollection}) AS n
        RETURNING id
      )
      INSERT INTO collection_posts (collection_id, post_id, position)
      SELECT ${collection._id}::uuid, id, row_number() OVER () FROM made`.execute(t.db)
    const extra = await newPost()
    expectError(
      await call(user, 'POST', `/api/collections/${collection._id}/posts`, { postId: extra.id }),
      409,
      COLLECTION_MESSAGES.collectionFull,
    )
  })

  it('takes a post out, leaving it saved', async () => {
    const user = await createUser(t.db)
    const collection = await createCollection(user, { name: 'Removals', public: false })
    const post = await newPost()
    await call(user, 'POST', `/api/collections/${collection._id}/posts`, { postId: post.id })
    const url = `/api/collections/${collection._id}/posts/${post.id}`
    const events = await eventsOf(async () => {
      const res = await call(user, 'DELETE', url)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        postId: post.id,
        saved: true,
        savedCount: 1,
        collection: { postCount: 0 },
      })
    })
    expect(events.map((e) => [e.event, (e.data as { change?: string }).change])).toEqual([
      ['collection.changed', 'post.removed'],
    ])
    // Not in it any more: nothing changes.
    expect((await call(user, 'DELETE', url)).statusCode).toBe(200)
    expectError(await call(other, 'DELETE', url), 404)
    expectError(await call(user, 'DELETE', `/api/collections/${collection._id}/posts/${randomUUID()}`), 404)
  })

  it('reorders with exactly the collection’s posts, and refuses any other list with 400', async () => {
    const user = await createUser(t.db)
    const collection = await createCollection(user, { name: 'Order', public: true })
    const posts = [await newPost(), await newPost(), await newPost()]
    for (const post of posts) {
      await call(user, 'POST', `/api/collections/${collection._id}/posts`, { postId: post.id })
    }
    const [a, b, c] = posts.map((post) => post.id) as [string, string, string]
    const url = `/api/collections/${collection._id}/order`
    const events = await eventsOf(async () => {
      const res = await call(user, 'PUT', url, { postIds: [c, a, b] })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ postIds: [c, a, b], collection: { postCount: 3 } })
    })
    expect(events.map((e) => [e.event, (e.data as { change?: string }).change])).toEqual([
      ['collection.changed', 'reordered'],
    ])
    const detail = (await call(user, 'GET', `/api/collections/${collection._id}`)).json<CollectionDetail>()
    expect(detail.posts.map((card) => card._id)).toEqual([c, a, b])
    // The same order again publishes nothing.
    expect(await eventsOf(() => call(user, 'PUT', url, { postIds: [c, a, b] }))).toEqual([])

    for (const postIds of [[c, a], [c, a, b, randomUUID()], [c, a, a], [c, a, 'not-a-uuid'], []]) {
      expectError(await call(user, 'PUT', url, { postIds }), 400)
    }
    expectError(await call(user, 'PUT', url, {}), 400)
    expectError(await call(other, 'PUT', url, { postIds: [a, b, c] }), 404)
    // A post added after the client read the list: its old list is refused.
    const late = await newPost()
    await call(user, 'POST', `/api/collections/${collection._id}/posts`, { postId: late.id })
    expectError(await call(user, 'PUT', url, { postIds: [a, b, c] }), 400, COLLECTION_MESSAGES.badOrder)
  })

  it('drops a deleted post from its collections, counts and exports, so no broken card is shown', async () => {
    const user = await createUser(t.db)
    const collection = await createCollection(user, { name: 'Survivors', public: true })
    const [kept, doomed] = [await newPost(), await newPost()]
    for (const post of [kept, doomed]) {
      await call(user, 'POST', `/api/collections/${collection._id}/posts`, { postId: post.id })
    }
    const moderator = await createUser(t.db, { role: 'moderator' })
    expect((await call(moderator, 'DELETE', `/api/posts/${doomed.id}`)).statusCode).toBe(200)

    const detail = (await call(user, 'GET', `/api/collections/${collection._id}`)).json<CollectionDetail>()
    expect(detail.posts.map((card) => card._id)).toEqual([kept.id])
    expect(detail.postCount).toBe(1)
    const list = (await call(user, 'GET', '/api/collections')).json<MyCollectionsResponse>()
    expect(list.collections.find((item) => item._id === collection._id)?.postCount).toBe(1)
    const exported = (await call(user, 'GET', `/api/collections/${collection._id}/export?format=json`)).json()
    expect(exported.posts).toHaveLength(1)
    // The order still takes exactly what is left.
    expect(
      (await call(user, 'PUT', `/api/collections/${collection._id}/order`, { postIds: [kept.id] }))
        .statusCode,
    ).toBe(200)
  })
})

describe('exports', () => {
  let collection: CollectionSummary

  beforeAll(async () => {
    collection = await createCollection(owner, {
      name: 'Export me: <tools>',
      description: 'Daily helpers',
      public: true,
    })
    const post = await newPost({ title: 'Copy over ssh', command: 'scp {{file}} <user>@<host>:/tmp' })
    await call(owner, 'POST', `/api/collections/${collection._id}/posts`, { postId: post.id })
  })

  it('downloads navi, tldr and JSON files named after the slug', async () => {
    const expected = {
      navi: ['text/plain', 'cheat', '% Export me: <tools>\n; Daily helpers\n'],
      tldr: ['text/markdown', 'md', '# Export me: <tools>\n\n> Daily helpers\n'],
      json: ['application/json', 'json', '{\n  "name": "Export me: <tools>"'],
    } as const
    for (const [format, [type, ext, start]] of Object.entries(expected)) {
      const res = await call(null, 'GET', `/api/collections/${collection._id}/export?format=${format}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain(type)
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${collection.slug}.${ext}"`)
      expect(res.body.startsWith(start), res.body).toBe(true)
    }
    const navi = (await call(null, 'GET', `/api/collections/${collection._id}/export?format=navi`)).body
    expect(navi).toContain('# Copy over ssh\nscp <file> <user>@<host>:/tmp\n')
    const tldr = (await call(null, 'GET', `/api/collections/${collection._id}/export?format=tldr`)).body
    expect(tldr).toContain('- Copy over ssh:\n\n`scp {{file}} {{user}}@{{host}}:/tmp`\n')
    const json = (await call(null, 'GET', `/api/collections/${collection._id}/export?format=json`)).json()
    expect(json).toMatchObject({
      owner: { username: owner.username },
      url: `http://localhost:3000/c/${owner.username}/${collection.slug}`,
      posts: [{ title: 'Copy over ssh', placeholders: ['file', 'user', 'host'] }],
    })
    // navi is the default format; an unknown one is a 400.
    const plain = await call(null, 'GET', `/api/collections/${collection._id}/export`)
    expect(plain.headers['content-disposition']).toContain('.cheat')
    expectError(await call(null, 'GET', `/api/collections/${collection._id}/export?format=pet`), 400)
  })

  it('exports everything the caller saved, and refuses guests', async () => {
    const user = await createUser(t.db)
    const post = await newPost({ title: 'Saved one' })
    await call(user, 'POST', `/api/posts/${post.id}/save`)
    const res = await call(user, 'GET', '/api/users/me/saved/export?format=tldr')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+-saved\.md"$/)
    expect(res.body).toContain('# Saved commands\n')
    expect(res.body).toContain('- Saved one:')
    expectError(await call(null, 'GET', '/api/users/me/saved/export'), 401)
  })

  it('writes every placeholder so navi can fill it, and the file reads as navi means it', async () => {
    const user = await createUser(t.db)
    const post = await newPost({
      title: 'Pack a tarball',
      command: 'tar -czf {{archive.tar.gz}} {{path/to/directory}} <user> 2>/dev/null',
    })
    await call(user, 'POST', `/api/posts/${post.id}/save`)
    const res = await call(user, 'GET', '/api/users/me/saved/export?format=navi')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('\ntar -czf <archive_tar_gz> <path_to_directory> <user> 2>/dev/null\n')
    const file = readNaviCheat(res.body)
    expect(file.problems).toEqual([])
    expect(file.commands.map((command) => command.variables)).toEqual([
      ['<archive_tar_gz>', '<path_to_directory>', '<user>'],
    ])
  })
})

describe('personal access tokens', () => {
  async function tokenFor(user: TestUser, scopes: string[]): Promise<{ authorization: string }> {
    const res = await call(user, 'POST', '/api/tokens', { name: `t-${scopes.join('-')}`, scopes })
    expect(res.statusCode, res.body).toBe(201)
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  }

  it('reads with the read scope, writes only with the save scope (403 otherwise)', async () => {
    const user = await createUser(t.db)
    const post = await newPost()
    const readOnly = await tokenFor(user, ['read'])
    const saver = await tokenFor(user, ['save'])
    const as = (headers: { authorization: string }, method: Method, url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      })

    expectError(await as(readOnly, 'POST', `/api/posts/${post.id}/save`), 403)
    expectError(await as(readOnly, 'POST', '/api/collections', { name: 'Via token', public: false }), 403)
    expect((await as(saver, 'POST', `/api/posts/${post.id}/save`)).json()).toMatchObject({ saved: true })
    const created = await as(saver, 'POST', '/api/collections', { name: 'Via token', public: false })
    expect(created.statusCode).toBe(201)
    const id = created.json<CollectionSummary>()._id
    expect((await as(saver, 'POST', `/api/collections/${id}/posts`, { postId: post.id })).statusCode).toBe(
      200,
    )

    expect((await as(readOnly, 'GET', '/api/users/me/saved')).json<SavedPostsResponse>().posts).toHaveLength(
      1,
    )
    expect((await as(readOnly, 'GET', `/api/collections/${id}`)).statusCode).toBe(200)
    expect((await as(readOnly, 'GET', `/api/collections/${id}/export?format=navi`)).statusCode).toBe(200)
    expect((await as(readOnly, 'GET', '/api/users/me/saved/export')).statusCode).toBe(200)
    expectError(await as(saver, 'GET', '/api/users/me/saved'), 403)
  })
})

describe('the public collection page', () => {
  const html = { accept: 'text/html' }
  const meta = (page: string, key: string) =>
    page.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1]

  it('arrives with the collection’s name in the title and Open Graph tags', async () => {
    const user = await createUser(t.db)
    const shown = await createCollection(user, {
      name: 'Shell & friends',
      description: 'Line one\nline two',
      public: true,
    })
    const res = await t.app.inject({ url: shown.url, headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<title>Shell &amp; friends by ${user.username} | Bashboard</title>`)
    expect(meta(res.body, 'og:title')).toBe('Shell &amp; friends')
    expect(meta(res.body, 'og:url')).toBe(`http://localhost:3000${shown.url}`)
    expect(meta(res.body, 'description')).toBe(
      `Line one line two A collection of 0 commands by ${user.username} on Bashboard.`,
    )
  })

  it('is a 404 with noindex for a private or unknown collection', async () => {
    const user = await createUser(t.db)
    const hidden = await createCollection(user, { name: 'Hidden', public: false })
    for (const url of [hidden.url, `/c/${user.username}/no-such-collection`, `/c/nobody_${user.id}/hidden`]) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode, url).toBe(404)
      expect(meta(res.body, 'robots')).toBe('noindex')
      expect(res.body).not.toContain('Hidden')
    }
  })

  it('keeps every XSS payload used as a name or description inert in the page head', async () => {
    const user = await createUser(t.db)
    const payloads = xssPayloads()
    const failures: string[] = []
    // A sample across the corpus, both as a name (cut to the limit) and as a description.
    for (const payload of payloads.filter((_, index) => index % 10 === 0)) {
      const name = Array.from(payload)
        .slice(0, COLLECTION_LIMITS.nameMaxLength - 7)
        .join('')
        .replace(/\p{Cc}/gu, ' ')
        .trim()
      const res = await call(user, 'POST', '/api/collections', {
        name: `${randomUUID().slice(0, 6)} ${name}`,
        description: Array.from(payload)
          .slice(0, COLLECTION_LIMITS.descriptionMaxLength)
          .join('')
          .replace(/[^\P{Cc}\n\t]/gu, ''),
        public: true,
      })
      if (res.statusCode !== 201) {
        failures.push(`create ${res.statusCode} for ${payload}`)
        continue
      }
      const page = await t.app.inject({ url: res.json<CollectionSummary>().url, headers: html })
      const head = page.body.slice(0, page.body.indexOf('</head>'))
      // Only the tags the server writes: a title, meta and link tags, never one from the payload.
      const tags = [...head.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((match) => match[1]?.toLowerCase())
      const unexpected = tags.filter((tag) => !['head', 'html', 'title', 'meta', 'link'].includes(tag ?? ''))
      if (unexpected.length > 0) failures.push(`${payload} → <${unexpected.join('>, <')}>`)
    }
    expect(failures).toEqual([])
  })
})
