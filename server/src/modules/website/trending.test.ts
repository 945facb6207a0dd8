import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { sleep } from '../../../test/events.ts'
import { createCategory, createPost, createUser, type TestUser } from '../../../test/factories.ts'
import { TRENDING_WINDOW_DAYS, trendingScore } from '../../lib/ranking.ts'
import { TRENDING_SCORE_TOLERANCE } from './repo.ts'
import { startTrendingRefresh } from './trending.ts'

let t: TestApp
let author: TestUser

beforeAll(async () => {
  // Without the page cache, so every read below shows what the database answers.
  t = await buildTestApp({ config: { pageCache: false } })
  // The app's own timer stops, so scores change only where a test refreshes (by hand or its own timer).
  await t.app.trendingRanks.stop()
  author = await createUser(t.db, { role: 'contributor' })
})
afterAll(async () => {
  await t?.close()
})

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
const DAY_HOURS = 24

interface Counts {
  up: number
  down: number
  comments: number
  views: number
}

/** The formula of lib/ranking.ts for these counts. */
function scoreOf(counts: Counts, createdAt: Date, now?: Date): number {
  return trendingScore(
    {
      uplikeCount: counts.up,
      downlikeCount: counts.down,
      commentsCount: counts.comments,
      viewCount: counts.views,
      createdAt,
    },
    now,
  )
}

async function setCounts(postId: string, counts: Counts): Promise<void> {
  await t.db
    .updateTable('posts')
    .set({
      uplike_count: counts.up,
      downlike_count: counts.down,
      comments_count: counts.comments,
      view_count: counts.views,
    })
    .where('id', '=', postId)
    .execute()
}

async function trendingPage(category: CategoryRow): Promise<{ ids: string[]; total: number }> {
  const res = await t.app.inject({ url: `/api/website/browse?sort=trending&category=${category.slug}` })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  return { ids: body.posts.map((post: { _id: string }) => post._id), total: body.pagination.totalPosts }
}

/** What a count over posts says: the category's posts created within the window. */
async function recountWindow(categoryId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM posts
    WHERE category_id = ${categoryId}
      AND created_at >= now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`.execute(t.db)
  return Number(rows[0]?.n)
}

describe('trending ranks', () => {
  it('orders a page by the formula of lib/ranking.ts after a refresh', async () => {
    const category = await createCategory(t.db)
    const specs: Array<Counts & { age: number }> = [
      { up: 5, down: 0, comments: 0, views: 10, age: 50 },
      { up: 5, down: 0, comments: 0, views: 10, age: 2 },
      { up: 1, down: 0, comments: 4, views: 400, age: 1 },
      { up: 9, down: 1, comments: 0, views: 0, age: 200 },
      { up: 3, down: 7, comments: 0, views: 0, age: 5 },
      { up: 0, down: 0, comments: 0, views: 0, age: 3 },
      { up: 40, down: 2, comments: 9, views: 900, age: 24 * 20 },
      { up: 50, down: 0, comments: 0, views: 0, age: 24 * 40 },
    ]
    const posts = []
    for (const spec of specs) {
      const post = await createPost(t.db, {
        authorId: author.id,
        categoryId: category.id,
        createdAt: hoursAgo(spec.age),
      })
      await setCounts(post.id, spec)
      posts.push({ ...spec, id: post.id, createdAt: post.created_at })
    }
    expect(await t.app.trendingRanks.refresh()).toBe(true)
    const now = new Date()
    const expected = posts
      .filter((post) => post.age < DAY_HOURS * TRENDING_WINDOW_DAYS)
      .map((post) => ({ id: post.id, score: scoreOf(post, post.createdAt, now) }))
      .sort((a, b) => b.score - a.score)
    expect(await trendingPage(category)).toEqual({ ids: expected.map((row) => row.id), total: 7 })
    // The stored scores are the formula's, not only in the same order.
    const { rows } = await sql<{ post_id: string; score: number }>`
      SELECT post_id, score FROM counters.trending_ranks WHERE category_id = ${category.id}`.execute(t.db)
    const stored = new Map(rows.map((row) => [row.post_id, row.score]))
    // Computed a moment apart, so equal to a relative 1e-4 (a second of decay changes a score by less).
    for (const row of expected) {
      const score = stored.get(row.id) ?? Number.NaN
      if (row.score === 0) expect(score).toBe(0)
      else expect(Math.abs(score / row.score - 1)).toBeLessThan(1e-4)
    }
  })

  it('moves a post for new votes at the next refresh, and the timer refreshes on its own', async () => {
    const category = await createCategory(t.db)
    const leader = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(3),
    })
    const rising = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(4),
    })
    await setCounts(leader.id, { up: 10, down: 0, comments: 0, views: 0 })
    await setCounts(rising.id, { up: 1, down: 0, comments: 0, views: 0 })
    await t.app.trendingRanks.refresh()
    expect((await trendingPage(category)).ids).toEqual([leader.id, rising.id])

    // Votes alone do not reorder the page: the scores are the last refresh's (the documented bound).
    await setCounts(rising.id, { up: 60, down: 0, comments: 0, views: 0 })
    expect((await trendingPage(category)).ids).toEqual([leader.id, rising.id])
    await t.app.trendingRanks.refresh()
    expect((await trendingPage(category)).ids).toEqual([rising.id, leader.id])

    // A second refresher on a short interval picks up the next change by itself.
    await setCounts(leader.id, { up: 500, down: 0, comments: 0, views: 0 })
    const warnings: unknown[] = []
    const log = { debug() {}, info() {}, warn: (obj: object) => warnings.push(obj), error() {} }
    const refresher = startTrendingRefresh({ db: t.db, log }, 50)
    try {
      let ids: string[] = []
      for (let i = 0; i < 60; i++) {
        ids = (await trendingPage(category)).ids
        if (ids[0] === leader.id) break
        await sleep(50)
      }
      expect(ids).toEqual([leader.id, rising.id])
      expect(warnings).toEqual([])
    } finally {
      await refresher.stop()
    }
  })

  it('rewrites a stored score only when it is further than the tolerance from the formula', async () => {
    const category = await createCategory(t.db)
    // Old enough that a few seconds of ageing move their scores by far less than the tolerance.
    const [kept, rewritten] = await Promise.all(
      [200, 201].map((age) =>
        createPost(t.db, { authorId: author.id, categoryId: category.id, createdAt: hoursAgo(age) }),
      ),
    )
    if (!kept || !rewritten) throw new Error('posts were not created')
    const counts = { up: 30, down: 2, comments: 4, views: 60 }
    for (const post of [kept, rewritten]) await setCounts(post.id, counts)
    await t.app.trendingRanks.refresh()
    const stored = async (postId: string) => {
      const { rows } = await sql<{ score: number }>`
        SELECT score FROM counters.trending_ranks WHERE post_id = ${postId}`.execute(t.db)
      return rows[0]?.score ?? Number.NaN
    }
    const setStored = (postId: string, score: number) =>
      sql`UPDATE counters.trending_ranks SET score = ${score} WHERE post_id = ${postId}`.execute(t.db)

    const near = scoreOf(counts, kept.created_at) * (1 + TRENDING_SCORE_TOLERANCE / 2)
    await setStored(kept.id, near)
    await setStored(rewritten.id, scoreOf(counts, rewritten.created_at) * (1 + TRENDING_SCORE_TOLERANCE * 5))
    await t.app.trendingRanks.refresh()
    expect(await stored(kept.id)).toBe(near)
    expect(Math.abs((await stored(rewritten.id)) / scoreOf(counts, rewritten.created_at) - 1)).toBeLessThan(
      1e-4,
    )

    // A new count moves the score past the tolerance: rewritten at the next refresh.
    const voted = { ...counts, up: 31 }
    await setCounts(kept.id, voted)
    await t.app.trendingRanks.refresh()
    const expected = scoreOf(voted, kept.created_at)
    expect(Math.abs((await stored(kept.id)) / expected - 1)).toBeLessThan(1e-4)
  })

  it('lists and counts exactly the posts of the window between refreshes', async () => {
    const [category, other] = await Promise.all([createCategory(t.db), createCategory(t.db)])
    const scored = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(5),
    })
    const doomed = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(6),
    })
    const moving = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(7),
    })
    const ageing = await createPost(t.db, {
      authorId: author.id,
      categoryId: category.id,
      createdAt: hoursAgo(8),
    })
    await setCounts(scored.id, { up: 3, down: 0, comments: 0, views: 0 })
    await t.app.trendingRanks.refresh()
    // Posts without counts score 0, ties by newest.
    expect(await trendingPage(category)).toEqual({
      ids: [scored.id, doomed.id, moving.id, ageing.id],
      total: 4,
    })

    // No refresh from here on: a new post, a deletion, a move and a post leaving the window.
    const fresh = await createPost(t.db, { authorId: author.id, categoryId: category.id })
    await t.db.deleteFrom('posts').where('id', '=', doomed.id).execute()
    await t.db.updateTable('posts').set({ category_id: other.id }).where('id', '=', moving.id).execute()
    await t.db
      .updateTable('posts')
      .set({ created_at: hoursAgo(DAY_HOURS * TRENDING_WINDOW_DAYS + 1) })
      .where('id', '=', ageing.id)
      .execute()
    // A new post scores 0 until the next refresh, which is its score while it has no counts.
    expect(await trendingPage(category)).toEqual({ ids: [scored.id, fresh.id], total: 2 })
    expect(await trendingPage(other)).toEqual({ ids: [moving.id], total: 1 })
    expect((await trendingPage(category)).total).toBe(await recountWindow(category.id))
    expect((await trendingPage(other)).total).toBe(await recountWindow(other.id))

    // The unfiltered total too, and the refresh drops the aged post without changing any answer.
    const all = async () => (await t.app.inject({ url: '/api/website/browse?sort=trending' })).json()
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM posts WHERE created_at >= now() - make_interval(days => ${TRENDING_WINDOW_DAYS})`.execute(
      t.db,
    )
    expect((await all()).pagination.totalPosts).toBe(Number(rows[0]?.n))
    await t.app.trendingRanks.refresh()
    expect((await all()).pagination.totalPosts).toBe(Number(rows[0]?.n))
    expect(await trendingPage(category)).toEqual({ ids: [scored.id, fresh.id], total: 2 })
    const ranked = await sql<{ n: string }>`
      SELECT count(*) AS n FROM counters.trending_ranks WHERE post_id = ${ageing.id}`.execute(t.db)
    expect(Number(ranked.rows[0]?.n)).toBe(0)
    const counted = await sql<{ mismatches: string }>`
      SELECT count(*) AS mismatches FROM counters.trending_counts c
      FULL JOIN (
        SELECT coalesce(category_id, '00000000-0000-0000-0000-000000000000'::uuid) AS category_key, count(*) AS n
        FROM counters.trending_ranks GROUP BY 1
      ) r ON r.category_key = c.category_key
      WHERE coalesce(c.n, 0) <> coalesce(r.n, 0)`.execute(t.db)
    expect(Number(counted.rows[0]?.mismatches)).toBe(0)
  })
})
