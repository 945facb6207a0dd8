import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  authHeader,
  createCategory,
  createComment,
  createPost,
  createUser,
  createVote,
  loginAs,
  type TestUser,
} from '../../../test/factories.ts'
import { countStatements, StatementCounter } from '../../../test/statement-counter.ts'
import type { BrowseSort } from '../../contract/website.ts'
import { TRENDING_WINDOW_DAYS } from '../../lib/ranking.ts'
import { toPostCard } from '../posts/presenter.ts'
import { selectPostCards } from '../posts/repo.ts'
import { browsePageQuery } from './repo.ts'

/*
 * Without the page cache, the home page and a browse page without a search or filters each cost one
 * statement (home-repo.ts, browse-page-repo.ts) and a post page two (posts/post-page-repo.ts), and
 * answer what the per-part queries they replaced answer: checked here against recounts over the
 * tables and the row queries of the same lists.
 */

let t: TestApp
let author: TestUser
let member: TestUser
let shell: CategoryRow
let network: CategoryRow

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)

beforeAll(async () => {
  t = await buildTestApp({
    config: { pageCache: false },
    wrapDb: (db) => db.withPlugin(new StatementCounter()),
  })
  // Scores change only when a test refreshes them, so a page and its recount see the same order.
  await t.app.trendingRanks.stop()
  ;[author, member] = await Promise.all([
    createUser(t.db, { role: 'contributor', avatar: 'avatar-1.webp' }),
    createUser(t.db),
  ])
  shell = await createCategory(t.db, { name: 'Shell', slug: 'shell' })
  network = await createCategory(t.db, { name: 'Network', slug: 'network' })
  // Posts of today (the database's microseconds), of the last days, and older than the week and the
  // trending window; some uncategorised.
  const ages = [0, 0, 0, 2, 5, 30, 50, 24 * 3, 24 * 6, 24 * 9, 24 * 20, 24 * 40]
  const posts = []
  for (const [i, age] of ages.entries()) {
    const categoryId = i % 3 === 0 ? shell.id : i % 3 === 1 ? network.id : null
    posts.push(
      await createPost(t.db, {
        authorId: author.id,
        categoryId,
        command: `rm -rf ./build-${i} && echo {{name}}`,
        ...(age === 0 ? {} : { createdAt: hoursAgo(age) }),
      }),
    )
  }
  await sql`UPDATE posts SET tags = ARRAY['files', 'cleanup'],
    edited_at = now() - interval '1 hour 0.000789 seconds' WHERE id = ${posts[1]?.id}`.execute(t.db)
  // Counters as votes, comments and views would leave them, and the voter active today.
  for (const [i, post] of posts.entries()) {
    await sql`UPDATE posts SET uplike_count = ${(i * 7) % 5}, downlike_count = ${i % 2},
      comments_count = ${i % 4}, view_count = ${i * 11} WHERE id = ${post.id}`.execute(t.db)
  }
  await createVote(t.db, { postId: posts[2]?.id ?? '', userId: member.id })
  await createComment(t.db, { postId: posts[3]?.id ?? '', authorId: member.id })
  await t.app.trendingRanks.refresh()
  // The weekly leaders come from the leaderboard's snapshot, computed once (and after changes to
  // points), not per request: made here so the counts below are the home page's own.
  await t.app.leaderboard.weeklyLeaders(5)
})
afterAll(async () => {
  await t?.close()
})

/** A guest's (or `user`'s) answer to `url` and how many statements it took. */
async function read<T>(url: string, user?: TestUser): Promise<{ body: T; statements: number }> {
  const { result: res, statements } = await countStatements(async () => {
    return await t.app.inject({ url, ...(user ? { headers: authHeader(loginAs(t.app, user)) } : {}) })
  })
  expect(res.statusCode).toBe(200)
  return { body: res.json(), statements }
}

/** Cards as the API sends them, from the row queries (pg's own parsing of every column). */
async function cardsOf(query: ReturnType<typeof selectPostCards>) {
  const rows = await query.execute()
  return JSON.parse(JSON.stringify(rows.map(toPostCard)))
}

async function recountCategories() {
  const rows = await t.db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'post_count'])
    .orderBy('post_count', 'desc')
    .orderBy('name', 'asc')
    .execute()
  return rows.map((row) => ({ _id: row.id, name: row.name, slug: row.slug, postCount: row.post_count }))
}

/** The platform stats counted over the tables themselves. */
async function recountStats() {
  const { rows } = await sql<{ posts: string; users: string; categories: string; active: string }>`SELECT
      (SELECT count(*) FROM posts) AS posts,
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM categories) AS categories,
      (SELECT count(DISTINCT who) FROM (
        SELECT author_id AS who FROM posts WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        UNION ALL SELECT author_id FROM comments WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        UNION ALL SELECT user_id FROM votes WHERE updated_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      ) a) AS active`.execute(t.db)
  const todays = await t.db
    .selectFrom('posts')
    .select(['id', 'title', 'slug', 'created_at'])
    .where(sql<boolean>`created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute()
  const row = rows[0]
  return {
    totalPosts: Number(row?.posts),
    totalUsers: Number(row?.users),
    totalCategories: Number(row?.categories),
    todaysPosts: todays.map((post) => ({
      _id: post.id,
      title: post.title,
      slug: post.slug,
      createdAt: post.created_at.toISOString(),
    })),
    activeToday: Number(row?.active),
  }
}

describe('the home page without the page cache', () => {
  it('is one statement for a guest, and equals what the per-part queries and recounts give', async () => {
    const { body, statements } = await read<Record<string, unknown>>('/api/website')
    expect(statements).toBe(1)
    expect(body.latestPosts).toEqual(
      await cardsOf(selectPostCards(t.db).orderBy('p.created_at', 'desc').limit(10)),
    )
    expect(body.topWeeklyPosts).toEqual(
      await cardsOf(
        selectPostCards(t.db)
          .where(sql<boolean>`p.created_at >= now() - interval '7 days'`)
          .orderBy('p.uplike_count', 'desc')
          .orderBy('p.created_at', 'desc')
          .limit(2),
      ),
    )
    expect(body.categories).toEqual(await recountCategories())
    expect(body.platformStats).toEqual(await recountStats())
    expect((body.platformStats as { activeToday: number }).activeToday).toBe(2)
    expect(body.myReactedPosts).toBeNull()
  })

  it('gives a member their votes and saves beside the same lists, in two more statements', async () => {
    const guest = await read<{ latestPosts: Array<{ _id: string }> }>('/api/website')
    const { post_id: voted } = await t.db
      .selectFrom('votes')
      .select('post_id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    // One post only saved, and the voted one saved too: a post with both marks gets both.
    const saved = guest.body.latestPosts[4]?._id ?? ''
    await t.db
      .insertInto('saves')
      .values([
        { user_id: member.id, post_id: saved },
        { user_id: member.id, post_id: voted },
      ])
      .execute()
    const { body, statements } = await read<{
      latestPosts: Array<{ _id: string; isSaved: boolean }>
      myReactedPosts: unknown
    }>('/api/website', member)
    // The page, the member's row for their token (infra/auth.ts), their votes and saves together.
    expect(statements).toBe(3)
    expect(body.myReactedPosts).toEqual({ likedPosts: [voted], dislikedPosts: [] })
    expect(new Set(body.latestPosts.filter((post) => post.isSaved).map((post) => post._id))).toEqual(
      new Set([saved, voted]),
    )
    expect(body.latestPosts.map((post) => post._id)).toEqual(guest.body.latestPosts.map((post) => post._id))
    await t.db.deleteFrom('saves').where('user_id', '=', member.id).execute()
  })
})

describe('a browse page without the page cache', () => {
  /** The posts of `sort` (in `categoryId`) the sort lists, counted over posts. */
  async function recountTotal(sort: BrowseSort, categoryId: string | undefined): Promise<number> {
    let query = t.db.selectFrom('posts').select(sql<string>`count(*)`.as('n'))
    if (categoryId) query = query.where('category_id', '=', categoryId)
    if (sort === 'trending') {
      query = query.where(sql<boolean>`created_at >= now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`)
    }
    return Number((await query.executeTakeFirstOrThrow()).n)
  }

  const cases: Array<[BrowseSort, number, 'shell' | 'network' | 'network by id' | null]> = [
    ['trending', 1, null],
    ['trending', 1, 'shell'],
    ['trending', 1, 'network by id'],
    ['latest', 1, null],
    ['latest', 2, null],
    ['latest', 1, 'network'],
    ['upvotes', 1, null],
    ['upvotes', 1, 'shell'],
    ['views', 1, null],
    ['views', 2, 'network'],
  ]
  it.each(cases)(
    'sorted by %s, page %i, category %s: one statement, the same page',
    async (sort, page, which) => {
      const category = which === null ? undefined : which === 'shell' ? shell : network
      const key = which === 'network by id' ? network.id : category?.slug
      const url = `/api/website/browse?sort=${sort}&page=${page}${key ? `&category=${key}` : ''}`
      const { body, statements } = await read<{
        posts: unknown[]
        pagination: { totalPosts: number }
        categories: unknown[]
      }>(url)
      expect(statements).toBe(1)
      const query = browsePageQuery(t.db, {
        sort,
        limit: 10,
        offset: (page - 1) * 10,
        ...(category ? { categoryId: category.id } : {}),
      })
      expect(body.posts).toEqual(await cardsOf(query))
      expect(body.pagination.totalPosts).toBe(await recountTotal(sort, category?.id))
      expect(body.categories).toEqual(await recountCategories())
    },
  )

  it('answers an unknown category with an empty page in one statement', async () => {
    const { body, statements } = await read<{ posts: unknown[]; pagination: { totalPosts: number } }>(
      '/api/website/browse?sort=trending&category=no-such-category',
    )
    expect(statements).toBe(1)
    expect(body.posts).toEqual([])
    expect(body.pagination.totalPosts).toBe(0)
  })
})

describe('a post page without the page cache', () => {
  /** Cards without their view count: reading the page counts a view, written a moment later. */
  const withoutViews = (cards: Array<Record<string, unknown>>) => cards.map(({ viewCount, ...card }) => card)

  it('is two statements (the id, then the card with the related posts) and equals the row queries', async () => {
    const posts = await t.db.selectFrom('posts').select(['id', 'slug', 'category_id']).execute()
    const categorised = posts.find((post) => post.category_id === shell.id)
    const uncategorised = posts.find((post) => post.category_id === null)
    for (const post of [categorised, uncategorised]) {
      if (!post) throw new Error('the fixture has no such post')
      const { body, statements } = await read<{
        post: Record<string, unknown>
        related: Array<Record<string, unknown>>
      }>(`/api/posts/${post.slug}`)
      expect(statements).toBe(2)
      expect(withoutViews([body.post])).toEqual(
        withoutViews(await cardsOf(selectPostCards(t.db).where('p.id', '=', post.id))),
      )
      const related = post.category_id
        ? await cardsOf(
            selectPostCards(t.db)
              .where('p.category_id', '=', post.category_id)
              .where('p.id', '<>', post.id)
              .orderBy('p.uplike_count', 'desc')
              .orderBy('p.created_at', 'desc')
              .limit(4),
          )
        : []
      expect(withoutViews(body.related)).toEqual(withoutViews(related))
      if (post.category_id) expect(related.length).toBeGreaterThan(0)
    }
  })

  it("gives a member their vote and save of the post in one more statement than the member's row", async () => {
    const { post_id: voted } = await t.db
      .selectFrom('votes')
      .select('post_id')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow()
    const post = await t.db
      .selectFrom('posts')
      .select('slug')
      .where('id', '=', voted)
      .executeTakeFirstOrThrow()
    const before = await read<{ isLiked: boolean; isSaved: boolean }>(`/api/posts/${post.slug}`, member)
    expect(before.body).toMatchObject({ isLiked: true, isSaved: false })
    await t.db.insertInto('saves').values({ user_id: member.id, post_id: voted }).execute()
    const { body, statements } = await read<{
      isLiked: boolean
      isDisliked: boolean
      isSaved: boolean
      post: { isSaved: boolean }
    }>(`/api/posts/${post.slug}`, member)
    // The id, the card with the related posts, the member's row, their vote and save together.
    expect(statements).toBe(4)
    expect(body).toMatchObject({ isLiked: true, isDisliked: false, isSaved: true, post: { isSaved: true } })
    await t.db.deleteFrom('saves').where('user_id', '=', member.id).execute()
  })
})
