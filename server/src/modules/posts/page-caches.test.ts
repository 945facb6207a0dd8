import type { CategoryRow } from '@bashboard/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { sleep } from '../../../test/events.ts'
import {
  authHeader,
  createCategory,
  createPostViaApi,
  createUser,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import type { PostCard } from '../../contract/posts.ts'

const queries = new StatementCounter()
let t: TestApp
let author: TestUser
let voters: TestUser[]
let shell: CategoryRow
let network: CategoryRow

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(queries) })
  ;[author, ...voters] = await Promise.all([
    createUser(t.db, { role: 'contributor' }),
    createUser(t.db),
    createUser(t.db),
    createUser(t.db),
  ])
  shell = await createCategory(t.db, { name: 'Shell', slug: 'shell' })
  network = await createCategory(t.db, { name: 'Network', slug: 'network' })
})
afterAll(async () => {
  await t?.close()
})

let sequence = 0
async function createViaApi(category: CategoryRow, words = 'sample'): Promise<PostCard> {
  sequence += 1
  return createPostViaApi(t.app, author, {
    title: `Page cache ${words} ${sequence}`,
    command: `echo page-cache-${words}-${sequence}`,
    description: `<p>A post about ${words} for the page cache tests.</p>`,
    category: category.id,
  })
}

async function get<T = Record<string, unknown>>(
  url: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await t.app.inject({ url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

/** The statements `read` costs (background work of the app, such as view batches, is not counted). */
async function queriesOf(read: () => Promise<unknown>): Promise<number> {
  return (await countStatements(read)).statements
}

const cardOf = (posts: PostCard[], id: string) => posts.find((post) => post._id === id)

describe('cached pages under votes, views and comments', () => {
  it('sets a vote on the post inside cached browse and search pages without recomputing them', async () => {
    const post = await createViaApi(shell, 'patched')
    const browseUrl = '/api/website/browse?category=shell'
    const searchUrl = '/api/posts/v1/search?search=patched'
    const detailUrl = `/api/posts/${post.slug}`
    await Promise.all([get(browseUrl), get(searchUrl), get(detailUrl)])

    for (const voter of voters) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/upvote/${post._id}`,
        headers: authHeader(loginAs(t.app, voter)),
      })
      expect(res.statusCode).toBe(200)
    }
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/posts/downvote/${post._id}`,
      headers: authHeader(loginAs(t.app, voters[0] as TestUser)),
    })
    expect(down.json()).toMatchObject({ uplikeCount: 2, downlikeCount: 1 })

    // A guest's read of a cached page costs no statement at all; a recomputed one costs several.
    let browse: { posts: PostCard[] } = { posts: [] }
    let search: { posts: PostCard[] } = { posts: [] }
    const cost = await queriesOf(async () => {
      browse = await get(browseUrl)
      search = await get(searchUrl)
    })
    expect(cost).toBe(0)
    expect(cardOf(browse.posts, post._id)).toMatchObject({ uplikeCount: 2, downlikeCount: 1 })
    expect(cardOf(search.posts, post._id)).toMatchObject({ uplikeCount: 2, downlikeCount: 1 })
    // The post's page is patched too; only the caller's own vote is read.
    const detail = await get<{ post: PostCard }>(detailUrl, authHeader(loginAs(t.app, voters[1] as TestUser)))
    expect(detail.post).toMatchObject({ uplikeCount: 2, downlikeCount: 1 })
  })

  it("shows a post's new views on its page and in the lists within 2 s of the visits", async () => {
    const post = await createViaApi(shell, 'viewed')
    const listUrl = '/api/website/browse?category=shell'
    const detailUrl = `/api/posts/${post.slug}`
    expect((await get<{ post: PostCard }>(detailUrl)).post.viewCount).toBe(0)
    // Three members and a guest read the post (the guest's first read above counted once too).
    const visited = Date.now()
    await Promise.all(
      voters.map((voter) => get(detailUrl, authHeader(loginAs(t.app, voter)))).concat(get(detailUrl)),
    )
    let detail = 0
    let listed = 0
    while (Date.now() - visited < 2000 && (detail < 4 || listed < 4)) {
      await sleep(50)
      detail = (await get<{ post: PostCard }>(detailUrl)).post.viewCount
      listed = cardOf((await get<{ posts: PostCard[] }>(listUrl)).posts, post._id)?.viewCount ?? 0
    }
    expect({ detail, listed }).toEqual({ detail: 4, listed: 4 })
  })

  it('sets a comment count on cached pages without recomputing them', async () => {
    const post = await createViaApi(shell, 'discussed')
    const browseUrl = '/api/website/browse?category=shell'
    await get(browseUrl)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${post._id}/`,
      headers: authHeader(loginAs(t.app, voters[2] as TestUser)),
      payload: { post: post._id, content: 'Counted on every cached page at once.' },
    })
    expect(res.statusCode).toBe(201)
    let browse: { posts: PostCard[] } = { posts: [] }
    expect(await queriesOf(async () => (browse = await get(browseUrl)))).toBe(0)
    expect(cardOf(browse.posts, post._id)?.commentsCount).toBe(1)
  })

  it('renames an author on every cached card without recomputing the pages', async () => {
    const post = await createViaApi(shell, 'renamed')
    const browseUrl = '/api/website/browse?category=shell'
    await get(browseUrl)
    const username = `renamed_${sequence}`
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeader(loginAs(t.app, author)),
      payload: { username, email: author.email },
    })
    expect(res.statusCode, res.body).toBe(200)
    author = { ...author, username }
    let browse: { posts: PostCard[] } = { posts: [] }
    expect(await queriesOf(async () => (browse = await get(browseUrl)))).toBe(0)
    expect(cardOf(browse.posts, post._id)?.author.username).toBe(username)
  })
})

describe('cached pages under new and deleted posts', () => {
  it('drops the lists a new post can appear in and keeps the others', async () => {
    await createViaApi(network, 'routing')
    const networkUrl = '/api/website/browse?category=network'
    const allUrl = '/api/website/browse?sort=latest'
    await Promise.all([get(networkUrl), get(allUrl), get('/api/website')])

    const created = await createViaApi(shell, 'fresh')
    // Another category's page is still the cached one: reading it costs nothing.
    expect(await queriesOf(() => get(networkUrl))).toBe(0)
    // The all-categories list and the home page are recomputed and show the new post at once.
    let all: { posts: PostCard[] } = { posts: [] }
    expect(await queriesOf(async () => (all = await get(allUrl)))).toBeGreaterThan(0)
    expect(all.posts[0]?._id).toBe(created._id)
    const home = await get<{ latestPosts: PostCard[] }>('/api/website')
    expect(home.latestPosts[0]?._id).toBe(created._id)
  })

  it('takes a deleted post off every cached list and page at once', async () => {
    const doomed = await createViaApi(shell, 'doomed')
    const urls = [
      '/api/website/browse?category=shell',
      '/api/website/browse?sort=latest',
      '/api/posts/v1/search?search=doomed',
      '/api/website',
    ]
    await Promise.all(urls.map((url) => get(url)))
    expect((await get<{ post: PostCard }>(`/api/posts/${doomed.slug}`)).post._id).toBe(doomed._id)

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${doomed._id}`,
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(res.statusCode).toBe(200)
    const [shellPage, latest, search, home] = await Promise.all(urls.map((url) => get(url)))
    expect(cardOf((shellPage as { posts: PostCard[] }).posts, doomed._id)).toBeUndefined()
    expect(cardOf((latest as { posts: PostCard[] }).posts, doomed._id)).toBeUndefined()
    expect((search as { posts: PostCard[] }).posts).toEqual([])
    expect(cardOf((home as { latestPosts: PostCard[] }).latestPosts, doomed._id)).toBeUndefined()
    expect((await t.app.inject({ url: `/api/posts/${doomed.slug}` })).statusCode).toBe(404)
  })
})
