import type { CategoryRow, PostRow } from '@bashboard/db'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createPost,
  createPostViaApi,
  createUser,
  createVote,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import type { CreatePostBody, PostCard } from '../../contract/posts.ts'
import { trendingScore } from '../../lib/ranking.ts'
import { postPageQuery } from '../posts/post-page-repo.ts'
import { browsePageQuery } from './repo.ts'
import { resolveSearch, SEARCH_RERANK_POOL, searchPageQuery } from './search-repo.ts'

let t: TestApp
let author: TestUser
let voter: TestUser
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  ;[author, voter] = await Promise.all([createUser(t.db, { role: 'contributor' }), createUser(t.db)])
  category = await createCategory(t.db, { name: 'Files', slug: 'files' })
})
afterAll(async () => {
  await t?.close()
})

function createViaApi(
  user: TestUser,
  body: Omit<CreatePostBody, 'category'> & { category?: string },
): Promise<PostCard> {
  return createPostViaApi(t.app, user, { category: category.id, ...body })
}

function vote(user: TestUser, postId: string, direction: 'upvote' | 'downvote' = 'upvote') {
  return t.app.inject({
    method: 'POST',
    url: `/api/posts/${direction}/${postId}`,
    headers: authHeader(loginAs(t.app, user)),
  })
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
const ids = (posts: Array<{ _id: string }>) => posts.map((post) => post._id)

describe('GET /api/website', () => {
  it('serves the home data with weekly tops and leaders, votes for members and live ids', async () => {
    const oldFavourite = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(24 * 8),
    })
    await t.db.updateTable('posts').set({ uplike_count: 99 }).where('id', '=', oldFavourite.id).execute()
    const posts: PostCard[] = []
    for (let i = 0; i < 11; i++) {
      posts.push(
        await createViaApi(author, {
          title: `Home post ${i}`,
          command: `echo home-${i}`,
          description: '<p>A post for the home page.</p>',
        }),
      )
    }
    const [second, third] = [posts[1], posts[2]] as [PostCard, PostCard]
    await vote(voter, third._id)
    const fan = await createUser(t.db)
    await vote(fan, third._id)
    await vote(fan, second._id)
    await vote(voter, second._id, 'downvote')
    // The author's points follow the votes in a batch.
    await t.app.voteSettler.settleAll()

    const guest = await t.app.inject({ url: '/api/website' })
    expect(guest.statusCode).toBe(200)
    const body = guest.json()
    expect(ids(body.latestPosts)).toEqual(ids(posts.slice(1).reverse()))
    expect(ids(body.topWeeklyPosts)).toEqual([third._id, second._id])
    expect(body.categories).toEqual([{ _id: category.id, name: 'Files', slug: 'files', postCount: 11 }])
    expect(body.platformStats).toMatchObject({ totalPosts: 12, totalCategories: 1 })
    expect(body.userLeaderboard).toEqual([
      // 11 posts (+110), three upvotes (+6), one downvote (−1).
      { _id: author.id, username: author.username, avatar: null, points: 115, badge: 'Rising' },
    ])
    expect(body.myReactedPosts).toBeNull()
    expect(body.liveIds).toEqual({
      posts: expect.stringMatching(/^\d+$/),
      stats: expect.stringMatching(/^\d+$/),
    })

    const member = await t.app.inject({ url: '/api/website', headers: authHeader(loginAs(t.app, voter)) })
    expect(member.json().myReactedPosts).toEqual({ likedPosts: [third._id], dislikedPosts: [second._id] })
  })
})

describe('GET /api/website/browse', () => {
  it('pages the latest posts, ten a page, with totals and the posts live id', async () => {
    const first = await t.app.inject({ url: '/api/website/browse' })
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.posts).toHaveLength(10)
    expect(body.pagination).toEqual({ page: 1, pageSize: 10, totalPosts: 12, totalPages: 2 })
    expect(body.search).toBeNull()
    expect(body.liveId).toMatch(/^\d+$/)
    const second = await t.app.inject({ url: '/api/website/browse?page=2' })
    expect(second.json().posts).toHaveLength(2)
    const all = [...body.posts, ...second.json().posts]
    const times = all.map((post: PostCard) => Date.parse(post.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('filters by category id or slug, and an unknown category is an empty page', async () => {
    const other = await createCategory(t.db, { name: 'Network', slug: 'network' })
    const post = await createViaApi(author, {
      title: 'Show open ports',
      command: 'ss -tulpn',
      description: '<p>Lists listening sockets with their processes.</p>',
      category: other.id,
    })
    for (const key of [other.id, 'network']) {
      const res = await t.app.inject({ url: `/api/website/browse?category=${key}` })
      expect(ids(res.json().posts)).toEqual([post._id])
      expect(res.json().pagination.totalPosts).toBe(1)
    }
    const unknown = await t.app.inject({ url: '/api/website/browse?category=nothing-here' })
    expect(unknown.json()).toMatchObject({ posts: [], pagination: { totalPosts: 0, totalPages: 0 } })
  })

  it('sorts by upvotes and views with ties broken by newest, and by the trending formula', async () => {
    const sorts = await createCategory(t.db, { name: 'Sorting', slug: 'sorting' })
    const specs = [
      { up: 5, down: 0, comments: 0, views: 10, age: 50 },
      { up: 5, down: 0, comments: 0, views: 10, age: 2 },
      { up: 1, down: 0, comments: 4, views: 400, age: 1 },
      { up: 9, down: 1, comments: 0, views: 0, age: 200 },
      { up: 50, down: 0, comments: 0, views: 0, age: 24 * 40 },
    ]
    const rows: Array<PostRow & (typeof specs)[number]> = []
    for (const spec of specs) {
      const row = await createPost(t.db, {
        authorId: author.id,
        categoryId: sorts.id,
        createdAt: hoursAgo(spec.age),
      })
      await t.db
        .updateTable('posts')
        .set({
          uplike_count: spec.up,
          downlike_count: spec.down,
          comments_count: spec.comments,
          view_count: spec.views,
        })
        .where('id', '=', row.id)
        .execute()
      rows.push({ ...row, ...spec })
    }
    const browse = async (sort: string) =>
      ids((await t.app.inject({ url: `/api/website/browse?category=sorting&sort=${sort}` })).json().posts)
    const byId = (i: number) => rows[i]?.id
    expect(await browse('upvotes')).toEqual([byId(4), byId(3), byId(1), byId(0), byId(2)])
    expect(await browse('views')).toEqual([byId(2), byId(1), byId(0), byId(3), byId(4)])
    // Trending orders by the scores of the last refresh (modules/website/trending.ts).
    await t.app.trendingRanks.refresh()
    const now = new Date()
    const expected = rows
      .filter((row) => row.age < 24 * 30)
      .map((row) => ({
        id: row.id,
        score: trendingScore(
          {
            uplikeCount: row.up,
            downlikeCount: row.down,
            commentsCount: row.comments,
            viewCount: row.views,
            createdAt: row.created_at,
          },
          now,
        ),
      }))
      .sort((a, b) => b.score - a.score)
      .map((row) => row.id)
    expect(await browse('trending')).toEqual(expected)
  })

  it('answers 400 for a bad page or sort', async () => {
    expect((await t.app.inject({ url: '/api/website/browse?page=0' })).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/api/website/browse?page=abc' })).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/api/website/browse?sort=random' })).statusCode).toBe(400)
  })
})

describe('the shared page cache', () => {
  it("serves guests' pages from the cache, patching counters in place and reloading on an edit", async () => {
    const cached = await createCategory(t.db, { name: 'Cached', slug: 'cached' })
    const url = '/api/website/browse?category=cached'
    const first = await createViaApi(author, {
      title: 'Cached page post',
      command: 'echo cached-page',
      description: '<p>The first post of the cached category.</p>',
      category: cached.id,
    })
    expect(ids((await t.app.inject({ url })).json().posts)).toEqual([first._id])
    // Written behind the app's back: no event, so the cached page is still served.
    const quiet = await createPost(t.db, { authorId: author.id, categoryId: cached.id })
    expect(ids((await t.app.inject({ url })).json().posts)).toEqual([first._id])

    // A view batch (post.views), a vote (post.votes) and a comment (comment.created) set the post's
    // counters on the cached page: it is not recomputed, so the quiet post is still not listed.
    const view = await t.app.inject({
      url: `/api/posts/${first._id}`,
      headers: { 'user-agent': 'cache-test' },
    })
    expect(view.statusCode).toBe(200)
    await t.app.viewCounter.flush()
    expect((await vote(voter, first._id)).statusCode).toBe(200)
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${first._id}/`,
      headers: authHeader(loginAs(t.app, voter)),
      payload: { post: first._id, content: 'A comment that changes the count.' },
    })
    expect(comment.statusCode).toBe(201)
    const patched = (await t.app.inject({ url })).json()
    expect(ids(patched.posts)).toEqual([first._id])
    expect(patched.posts[0]).toMatchObject({ viewCount: 1, uplikeCount: 1, commentsCount: 1 })

    // An edit (post.updated) reloads every page holding the post.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/posts/update',
      headers: authHeader(loginAs(t.app, author)),
      payload: { id: first._id, title: 'Cached page post, edited' },
    })
    expect(edit.statusCode).toBe(200)
    const reloaded = (await t.app.inject({ url })).json()
    expect(ids(reloaded.posts)).toEqual([quiet.id, first._id])
    expect(reloaded.posts[1]).toMatchObject({ title: 'Cached page post, edited', uplikeCount: 1 })
  })

  it("adds each caller's own votes to the shared page", async () => {
    const shared = await createCategory(t.db, { name: 'Shared', slug: 'shared' })
    const post = await createViaApi(author, {
      title: 'Shared page post',
      command: 'echo shared-page',
      description: '<p>A post whose page several callers read.</p>',
      category: shared.id,
    })
    expect((await vote(voter, post._id, 'downvote')).statusCode).toBe(200)
    const other = await createUser(t.db)
    const url = '/api/website/browse?category=shared'
    const asVoter = await t.app.inject({ url, headers: authHeader(loginAs(t.app, voter)) })
    const asOther = await t.app.inject({ url, headers: authHeader(loginAs(t.app, other)) })
    const asGuest = await t.app.inject({ url })
    expect(asVoter.json().myReactedPosts).toEqual({ likedPosts: [], dislikedPosts: [post._id] })
    expect(asOther.json().myReactedPosts).toEqual({ likedPosts: [], dislikedPosts: [] })
    expect(asGuest.json().myReactedPosts).toBeNull()
    expect(asGuest.json().posts).toEqual(asVoter.json().posts)
  })

  it('shares one search entry between spellings that differ only in case and spacing', async () => {
    await createViaApi(author, {
      title: 'Count unique visitors',
      command: 'cut -d" " -f1 access.log | sort -u | wc -l',
      description: '<p>Counts distinct client addresses in a web server log.</p>',
    })
    const a = await t.app.inject({ url: '/api/posts/v1/search?search=unique%20visitors' })
    const b = await t.app.inject({ url: '/api/posts/v1/search?search=Unique%20%20Visitors' })
    expect(a.json().posts).toHaveLength(1)
    expect(b.json()).toEqual(a.json())
  })
})

describe('search', () => {
  let tar: PostCard
  let grep: PostCard
  let chmod: PostCard
  let free: PostCard

  beforeAll(async () => {
    tar = await createViaApi(author, {
      title: 'Extract a tar.gz archive',
      command: 'tar -xzf archive.tar.gz',
      description: '<p>Unpacks a gzip-compressed tarball into the current directory.</p>',
    })
    grep = await createViaApi(author, {
      title: 'Search text recursively',
      command: 'grep -rn "pattern" .',
      description: '<p>Searches every file below the current directory for a pattern.</p>',
    })
    chmod = await createViaApi(author, {
      title: 'Fix permissions of a web root',
      command: 'chmod -R 755 /srv/www',
      description: '<p>Sets read and execute permissions on a whole tree.</p>',
    })
    free = await createViaApi(author, {
      title: 'Show memory usage',
      command: 'free -h',
      description: '<p>Prints used and free memory in human units.</p>',
    })
  })

  const search = async (query: string) => {
    const res = await t.app.inject({ url: `/api/posts/v1/search?search=${encodeURIComponent(query)}` })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  it.each([
    ['tar xz', () => tar],
    ['grep recursive', () => grep],
    ['chmod -R', () => chmod],
    ['recusive', () => grep],
    ['permisions', () => chmod],
    ['memory', () => free],
  ])('finds the right post first for %s', async (query, expected) => {
    const body = await search(query)
    expect(body.posts[0]?._id).toBe(expected()._id)
    expect(ids(body.posts)).not.toContain(query === 'memory' ? tar._id : free._id)
    expect(body.pagination.totalPosts).toBe(body.posts.length)
  })

  it.each([
    ['extrct tar archive', () => tar],
    ['tar archve', () => tar],
    ['show memroy', () => free],
    ['serach text recursivly', () => grep],
    ['tar -x', () => tar],
    ['chmod 75', () => chmod],
    ['permission', () => chmod],
    // One edit in a short word: two letters swapped, one missing, one extra, one wrong.
    ['grpe recursive', () => grep],
    ['gerp', () => grep],
    ['tra archive', () => tar],
    ['chmd', () => chmod],
    ['chmodd', () => chmod],
    ['fre memory', () => free],
    ['grap', () => grep],
  ])(
    'finds the post of a typo in any word, a partial option or another form of a word: %s',
    async (query, expected) => {
      const body = await search(query)
      expect(body.posts[0]?._id).toBe(expected()._id)
      expect(body.pagination.totalPosts).toBe(body.posts.length)
    },
  )

  it('finds a new post by a misspelt word at once, and no longer once it is deleted', async () => {
    const created = await createViaApi(author, {
      title: 'Inspect listening sockets',
      command: 'ss -tlnp',
      description: '<p>Lists TCP sockets that accept connections, with their processes.</p>',
    })
    expect((await search('listning sockts')).posts[0]?._id).toBe(created._id)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${created._id}`,
      headers: authHeader(loginAs(t.app, author)),
    })
    expect(deleted.statusCode).toBe(200)
    // Another spelling, so no cached page answers: the index and the cards follow the delete at once.
    expect(ids((await search('listenig sokcets')).posts)).not.toContain(created._id)
  })

  it('gives an empty list for an empty search and honours page and limit', async () => {
    expect((await search('   ')).posts).toEqual([])
    const limited = await t.app.inject({ url: '/api/posts/v1/search?search=directory&limit=1&page=2' })
    expect(limited.json().pagination).toMatchObject({ page: 2, pageSize: 1, totalPosts: 2, totalPages: 2 })
    expect(limited.json().posts).toHaveLength(1)
    // A typo takes the trigram path, whose count rides on the page's rows; past the last page it is counted.
    const typo = (await search('recusive')).pagination.totalPosts
    expect(typo).toBeGreaterThan(0)
    const beyond = await t.app.inject({ url: '/api/posts/v1/search?search=recusive&page=4' })
    expect(beyond.json()).toMatchObject({ posts: [], pagination: { page: 4, totalPosts: typo } })
  })

  it('ranks a common word by similarity among the best text matches, and pages past that pool', async () => {
    const rows = []
    for (let i = 0; i < SEARCH_RERANK_POOL + 15; i++) {
      rows.push(
        await createPost(t.db, {
          authorId: author.id,
          title: `Zebrafish tank log ${i}`,
          command: `tail -f /var/log/zebrafish-${i}.log`,
        }),
      )
    }
    const exact = await createPost(t.db, { authorId: author.id, title: 'Zebrafish', command: 'zebrafish' })
    // Written without the services' events: the search index reads the table again.
    await t.app.searchIndex?.rebuild()
    const url = (page: number) => `/api/posts/v1/search?search=zebrafish&limit=10&page=${page}`
    const first = (await t.app.inject({ url: url(1) })).json()
    expect(first.posts[0]._id).toBe(exact.id)
    expect(first.pagination.totalPosts).toBe(rows.length + 1)
    const last = (await t.app.inject({ url: url(Math.ceil((rows.length + 1) / 10)) })).json()
    expect(last.posts).toHaveLength((rows.length + 1) % 10)
    await t.db.deleteFrom('posts').where('title', 'like', 'Zebrafish%').execute()
  })

  it("switches browse to search mode, ignoring sort and category, with the member's votes", async () => {
    await createVote(t.db, { postId: chmod._id, userId: voter.id, value: 1 })
    const res = await t.app.inject({
      url: '/api/website/browse?search=%20permisions%20&sort=views&category=network',
      headers: authHeader(loginAs(t.app, voter)),
    })
    const body = res.json()
    expect(body.search).toBe('permisions')
    expect(body.posts[0]._id).toBe(chmod._id)
    expect(body.myReactedPosts).toEqual({ likedPosts: [chmod._id], dislikedPosts: [] })
  })
})

describe('query plans', () => {
  let planApp: TestApp

  beforeAll(async () => {
    planApp = await buildTestApp()
    const user = await createUser(planApp.db, { role: 'contributor' })
    const categories = await Promise.all(Array.from({ length: 20 }, () => createCategory(planApp.db)))
    const categoryIds = categories.map((c) => c.id)
    // Enough rows, spread over categories and time, that an index is clearly cheaper than a scan.
    await sql`
      INSERT INTO posts (author_id, category_id, title, slug, command, command_key, description, description_text,
                         uplike_count, view_count, created_at)
      SELECT ${user.id}, (${categoryIds}::uuid[])[1 + n % 20], 'Generated post ' || n, 'generated-post-' || n,
             'echo generated-' || n, 'echo generated-' || n, '<p>Generated</p>', 'Generated body text ' || n,
             n % 97, n % 501, now() - make_interval(mins => n)
      FROM generate_series(1, 5000) AS n`.execute(planApp.db)
    // What autovacuum does in production: fresh statistics, and GIN's pending list merged into the
    // index (until then the planner rightly prices GIN scans high).
    await sql`VACUUM ANALYZE`.execute(planApp.db)
  }, 60_000)
  afterAll(async () => {
    await planApp?.close()
  })

  async function plan(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile()
    const result = await planApp.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    )
    return result.rows.map((row) => row['QUERY PLAN']).join('\n')
  }

  it('serves browse latest, category and upvotes pages and search from indexes', async () => {
    const categoryId = (await planApp.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id
    const queries = {
      latest: browsePageQuery(planApp.db, { sort: 'latest', limit: 10, offset: 0 }),
      category: browsePageQuery(planApp.db, { sort: 'latest', categoryId, limit: 10, offset: 0 }),
      upvotes: browsePageQuery(planApp.db, { sort: 'upvotes', limit: 10, offset: 0 }),
      views: browsePageQuery(planApp.db, { sort: 'views', limit: 10, offset: 0 }),
      'category by upvotes': browsePageQuery(planApp.db, {
        sort: 'upvotes',
        categoryId,
        limit: 10,
        offset: 0,
      }),
      'post page (card and related)': {
        compile: () =>
          postPageQuery(4, '00000000-0000-4000-8000-000000000000', categoryId).compile(planApp.db),
      },
      'latest, deep page': browsePageQuery(planApp.db, { sort: 'latest', limit: 10, offset: 4000 }),
      search: searchPageQuery(planApp.db, 'tar xz', { limit: 10, offset: 0 }),
      'search, full text only': searchPageQuery(planApp.db, 'tar xz', { limit: 10, offset: 0, fuzzy: false }),
    }
    for (const [name, query] of Object.entries(queries)) {
      const text = await plan(query)
      expect({ name, seqScanOnPosts: /Seq Scan on posts/.test(text) }, text).toEqual({
        name,
        seqScanOnPosts: false,
      })
      expect(text, name).toMatch(/Index|Bitmap/)
    }
  })

  it('searches through the vocabulary and full text, never by trigrams over posts', async () => {
    for (const query of ['generatd post 12', 'echo generated-12', 'tar xz', 'genrated', 'post']) {
      const text = await planApp.db.transaction().execute(async (trx) => {
        const tsquery = await resolveSearch(trx, query)
        if (tsquery === null) throw new Error(`no tsquery for ${query}`)
        const compiled = searchPageQuery(trx, query, { limit: 10, offset: 0, tsquery }).compile()
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
        )
        return result.rows.map((row) => row['QUERY PLAN']).join('\n')
      })
      expect(text, query).toMatch(/posts_search_idx/)
      expect(text, query).not.toMatch(/posts_(title|command)_trgm_idx|Seq Scan on posts/)
    }
  })

  it('orders by votes and views from counters.post_ranks, so votes and views update posts in place', async () => {
    const text = await plan(browsePageQuery(planApp.db, { sort: 'upvotes', limit: 10, offset: 0 }))
    expect(text).toMatch(/Index Scan using post_ranks_uplike_idx/)
    // No index on posts covers a counter, which is what lets a counter update stay on its page (HOT).
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'posts'`.execute(planApp.db)
    expect(
      rows.filter((row) => /uplike_count|view_count|downlike_count|comments_count/.test(row.indexdef)),
    ).toEqual([])
  })

  it('keeps post_ranks equal to posts through inserts, votes, views, moves and deletes', async () => {
    const [target, other] = await planApp.db
      .selectFrom('posts')
      .select(['id'])
      .orderBy('created_at')
      .limit(2)
      .execute()
    if (!target || !other) throw new Error('the plan data has 5000 posts')
    const category = await createCategory(planApp.db)
    await planApp.db
      .updateTable('posts')
      .set({ uplike_count: 400, view_count: 9000 })
      .where('id', '=', target.id)
      .execute()
    await planApp.db
      .updateTable('posts')
      .set({ category_id: category.id })
      .where('id', '=', target.id)
      .execute()
    await planApp.db.deleteFrom('posts').where('id', '=', other.id).execute()
    const author = await planApp.db.selectFrom('users').select('id').executeTakeFirstOrThrow()
    await createPost(planApp.db, { authorId: author.id, categoryId: category.id })
    const { rows } = await sql<{ mismatches: string }>`
      SELECT count(*) AS mismatches FROM posts p FULL JOIN counters.post_ranks r ON r.post_id = p.id
      WHERE p.id IS NULL OR r.post_id IS NULL OR r.category_id IS DISTINCT FROM p.category_id
        OR r.created_at <> p.created_at OR r.uplike_count <> p.uplike_count OR r.view_count <> p.view_count`.execute(
      planApp.db,
    )
    expect(Number(rows[0]?.mismatches)).toBe(0)
    const top = await planApp.app.inject({ url: '/api/website/browse?sort=views' })
    expect(top.json().posts[0]._id).toBe(target.id)
  })

  it('reads trending pages and their totals from the stored scores, never scoring or counting posts', async () => {
    await planApp.app.trendingRanks.refresh()
    await sql`ANALYZE counters.trending_ranks`.execute(planApp.db)
    const categoryId = (await planApp.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id
    for (const opts of [{}, { categoryId }]) {
      const text = await plan(
        browsePageQuery(planApp.db, { sort: 'trending', limit: 10, offset: 0, ...opts }),
      )
      expect(text).toMatch(/Index (Only )?Scan using trending_ranks_(category_)?score_idx/)
      expect(text).not.toMatch(/Seq Scan on posts|Sort Key: \(\(\(/)
    }
    // The first trending page equals the formula's order over posts, computed the slow way.
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM posts WHERE created_at >= now() - interval '30 days'
      ORDER BY ((uplike_count - downlike_count) + comments_count / 2.0 + view_count / 20.0)
        / power(extract(epoch FROM now() - created_at) / 3600 + 2, 1.5) DESC, created_at DESC
      LIMIT 10`.execute(planApp.db)
    const page = (await planApp.app.inject({ url: '/api/website/browse?sort=trending' })).json()
    expect(ids(page.posts)).toEqual(rows.map((row) => row.id))
  })

  it("picks a deep latest page's ids from the (created_at, id) index alone before joining authors", async () => {
    const text = await plan(browsePageQuery(planApp.db, { sort: 'latest', limit: 10, offset: 4000 }))
    expect(text).toMatch(/Index Only Scan using posts_created_at_id_idx/)
  })

  it('keeps browse totals equal to a recount when posts move category, lose it or are deleted', async () => {
    const [from, to] = await planApp.db.selectFrom('categories').select(['id', 'slug']).limit(2).execute()
    if (!from || !to) throw new Error('the plan data has 20 categories')
    const inFrom = planApp.db.selectFrom('posts').select('id').where('category_id', '=', from.id)
    const [moved, orphaned, deleted] = await inFrom.orderBy('created_at', 'desc').limit(3).execute()
    if (!moved || !orphaned || !deleted) throw new Error('the first category has 250 posts')
    await planApp.db.updateTable('posts').set({ category_id: to.id }).where('id', '=', moved.id).execute()
    await planApp.db.updateTable('posts').set({ category_id: null }).where('id', '=', orphaned.id).execute()
    await planApp.db.deleteFrom('posts').where('id', '=', deleted.id).execute()
    const recount = async (categoryId: string | null) => {
      let query = planApp.db.selectFrom('posts').select(planApp.db.fn.countAll<string>().as('n'))
      if (categoryId) query = query.where('category_id', '=', categoryId)
      return Number((await query.executeTakeFirstOrThrow()).n)
    }
    const total = async (category?: string) => {
      const res = await planApp.app.inject({
        url: `/api/website/browse${category ? `?category=${category}` : ''}`,
      })
      return res.json().pagination.totalPosts
    }
    expect(await total(from.slug)).toBe(await recount(from.id))
    expect(await total(to.slug)).toBe(await recount(to.id))
    expect(await total()).toBe(await recount(null))
    expect(await total()).toBe(4999)
  })
})
