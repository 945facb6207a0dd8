import { wipeDatabase } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createCategory, createComment, createPost, createUser, createVote } from '../../../test/factories.ts'
import { startOfUtcDay } from '../../lib/time.ts'
import { parseUtcTimestamp, utcTimestamp } from './json-dates-repo.ts'
import { STATS_COALESCE_MS } from './service.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('GET /api/website/stats', () => {
  it('answers zeros and the topic id on an empty site', async () => {
    const res = await t.app.inject({ url: '/api/website/stats' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      totalPosts: 0,
      totalUsers: 0,
      totalCategories: 0,
      todaysPosts: [],
      activeToday: 0,
      liveId: '0',
    })
  })

  it('counts everything, lists today’s posts newest first, and counts today’s distinct active users', async () => {
    const midnight = startOfUtcDay()
    const yesterday = new Date(midnight.getTime() - 60 * 60 * 1000)
    const [poster, commenter, voter, idle, pastOnly] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ])
    const category = await createCategory(t.db)
    await createCategory(t.db)
    const old = await createPost(t.db, {
      authorId: pastOnly.id,
      categoryId: category.id,
      createdAt: yesterday,
    })
    const first = await createPost(t.db, { authorId: poster.id, createdAt: new Date(Date.now() - 2000) })
    const second = await createPost(t.db, { authorId: poster.id, createdAt: new Date(Date.now() - 1000) })
    await createComment(t.db, { postId: old.id, authorId: commenter.id })
    await createComment(t.db, { postId: old.id, authorId: pastOnly.id, createdAt: yesterday })
    await createVote(t.db, { postId: first.id, userId: voter.id })
    // The poster also votes: still one active user.
    await createVote(t.db, { postId: old.id, userId: poster.id })
    await createVote(t.db, { postId: second.id, userId: pastOnly.id, at: yesterday })

    const res = await t.app.inject({ url: '/api/website/stats' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ totalPosts: 3, totalUsers: 5, totalCategories: 2, activeToday: 3 })
    expect(body.todaysPosts).toEqual([
      { _id: second.id, title: second.title, slug: second.slug, createdAt: second.created_at.toISOString() },
      { _id: first.id, title: first.title, slug: first.slug, createdAt: first.created_at.toISOString() },
    ])
    expect(idle.id).toBeTruthy()
  })

  it('lists at most the 10 newest of today’s posts', async () => {
    const author = await createUser(t.db)
    for (let i = 0; i < 11; i++) await createPost(t.db, { authorId: author.id })
    const body = (await t.app.inject({ url: '/api/website/stats' })).json()
    expect(body.todaysPosts).toHaveLength(10)
    const times = body.todaysPosts.map((p: { createdAt: string }) => Date.parse(p.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('carries the stats topic’s current live id', async () => {
    await t.app.live.publish('stats', 'stats.updated', {
      totalPosts: 0,
      totalUsers: 0,
      totalCategories: 0,
      todaysPosts: [],
      activeToday: 0,
    })
    const body = (await t.app.inject({ url: '/api/website/stats' })).json()
    expect(body.liveId).toBe(await t.app.live.currentId('stats'))
    expect(body.liveId).not.toBe('0')
  })
})

describe('stats broadcaster', () => {
  /** Counts stats.updated frames on the bus until stopped. */
  function recordStatsFrames() {
    const frames: Array<{ data: { activeToday: number } }> = []
    const unsubscribe = t.bus.subscribe({
      message: (m) => {
        if (m.event === 'stats.updated') frames.push(JSON.parse(m.frame))
      },
      resumed: () => {},
    })
    return { frames, unsubscribe }
  }
  const quiet = () => new Promise((resolve) => setTimeout(resolve, STATS_COALESCE_MS + 300))

  it('recounts on a user’s first activity of the day only, until a change may have undone it', async () => {
    const [voter, other] = await Promise.all([createUser(t.db), createUser(t.db)])
    const { frames, unsubscribe } = recordStatsFrames()
    try {
      t.app.statsBroadcaster.countActive(voter.id)
      await expect.poll(() => frames.length, { timeout: 3000 }).toBe(1)
      // The same user again: already counted, nothing is recomputed or sent.
      t.app.statsBroadcaster.countActive(voter.id)
      await quiet()
      expect(frames).toHaveLength(1)
      // Someone new does count.
      t.app.statsBroadcaster.countActive(other.id)
      await expect.poll(() => frames.length, { timeout: 3000 }).toBe(2)
      // A change (a deleted comment, say) forgets who was counted: the next activity recounts.
      t.app.statsBroadcaster.recount()
      await expect.poll(() => frames.length, { timeout: 3000 }).toBe(3)
      t.app.statsBroadcaster.countActive(voter.id)
      await expect.poll(() => frames.length, { timeout: 3000 }).toBe(4)
    } finally {
      unsubscribe()
    }
  })

  it('sends one stats.updated for a burst of changes, computed after the last of them', async () => {
    const frames: Array<{ data: { totalUsers: number } }> = []
    const unsubscribe = t.bus.subscribe({
      message: (m) => {
        if (m.event === 'stats.updated') frames.push(JSON.parse(m.frame))
      },
      resumed: () => {},
    })
    try {
      // The writes first, then their five announcements in one burst (a loaded machine may take longer
      // than the window to write five rows; the burst is what the window coalesces).
      for (let i = 0; i < 5; i++) await createUser(t.db)
      for (let i = 0; i < 5; i++) t.app.statsBroadcaster.recount()
      const users = Number(
        (
          await t.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      await expect.poll(() => frames.length, { timeout: 3000 }).toBe(1)
      // Nothing more arrives afterwards.
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(frames).toHaveLength(1)
      expect(frames[0]?.data.totalUsers).toBe(users)
    } finally {
      unsubscribe()
    }
  })
})

describe('pre-aggregated stats (migration 0010)', () => {
  /** The totals and today's active users as a count over the rows themselves says them. */
  async function recount(): Promise<{ totalUsers: number; activeToday: number }> {
    const since = startOfUtcDay()
    const { rows } = await sql<{ users: string; active: string }>`SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM (
        SELECT author_id FROM posts WHERE created_at >= ${since}
        UNION SELECT author_id FROM comments WHERE created_at >= ${since}
        UNION SELECT user_id FROM votes WHERE updated_at >= ${since}
      ) AS active) AS active`.execute(t.db)
    return { totalUsers: Number(rows[0]?.users), activeToday: Number(rows[0]?.active) }
  }
  async function served(): Promise<{ totalUsers: number; activeToday: number }> {
    const body = (await t.app.inject({ url: '/api/website/stats' })).json()
    return { totalUsers: body.totalUsers, activeToday: body.activeToday }
  }

  it('equal a recount after inserts, vote changes across days and deletions', async () => {
    const yesterday = new Date(startOfUtcDay().getTime() - 60 * 60 * 1000)
    const before = await recount()
    expect(await served()).toEqual(before)
    const [poster, commenter, voter, lateVoter, leaving] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ])
    const post = await createPost(t.db, { authorId: poster.id })
    const old = await createPost(t.db, { authorId: leaving.id, createdAt: yesterday })
    const comment = await createComment(t.db, { postId: old.id, authorId: commenter.id })
    await createVote(t.db, { postId: post.id, userId: voter.id })
    await createVote(t.db, { postId: old.id, userId: voter.id })
    await createVote(t.db, { postId: post.id, userId: lateVoter.id, at: yesterday })
    await createVote(t.db, { postId: post.id, userId: leaving.id })
    expect(await served()).toEqual(await recount())
    expect((await served()).activeToday).toBe(before.activeToday + 4)

    // Yesterday's vote switched today (the vote statement sets updated_at), then switched back the
    // same day: active once.
    for (const value of [-1, 1]) {
      await t.db
        .updateTable('votes')
        .set({ value, updated_at: new Date() })
        .where('user_id', '=', lateVoter.id)
        .execute()
      expect(await served()).toEqual(await recount())
    }
    expect((await served()).activeToday).toBe(before.activeToday + 5)

    // One of two votes goes (still active), then the other; a comment goes; a user goes with their
    // posts and votes (cascades).
    await t.db.deleteFrom('votes').where('user_id', '=', voter.id).where('post_id', '=', old.id).execute()
    expect(await served()).toEqual(await recount())
    await t.db.deleteFrom('votes').where('user_id', '=', voter.id).execute()
    await t.db.deleteFrom('comments').where('id', '=', comment.id).execute()
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute()
    expect(await served()).toEqual(await recount())
    expect(await served()).toEqual({
      totalUsers: before.totalUsers + 4,
      activeToday: before.activeToday + 2,
    })

    // A post moved to yesterday takes its author's activity with it.
    await t.db.updateTable('posts').set({ created_at: yesterday }).where('id', '=', post.id).execute()
    expect(await served()).toEqual(await recount())
  })
})

describe('pre-aggregated stats after a wipe', () => {
  it('recount from what is left when the tables are truncated (the CLI reseed)', async () => {
    await wipeDatabase(t.db)
    const body = (await t.app.inject({ url: '/api/website/stats' })).json()
    expect(body).toMatchObject({ totalPosts: 0, totalUsers: 0, activeToday: 0 })
    const user = await createUser(t.db)
    await createPost(t.db, { authorId: user.id })
    expect((await t.app.inject({ url: '/api/website/stats' })).json()).toMatchObject({
      totalPosts: 1,
      totalUsers: 1,
      activeToday: 1,
    })
  })
})

describe('timestamps inside JSON (json-dates-repo.ts)', () => {
  it('parse to the Date pg makes of the column, whatever the length of the fraction', async () => {
    const { rows } = await sql<{ ts: Date; json: { at: string } }>`
      SELECT v.ts, json_build_object('at', ${utcTimestamp('v.ts')}) AS json
      FROM (VALUES
        ('2026-11-25 07:41:04+00'::timestamptz), ('2026-11-25 07:41:04.1+00'), ('2026-11-25 07:41:04.12+00'),
        ('2026-11-25 07:41:04.029+00'), ('2026-11-25 07:41:04.1239+00'), ('2026-11-25 07:41:04.999999+00'),
        ('2026-11-25 07:41:04.000001+00'), ('2026-11-25 09:41:04.5005+02'), ('1969-12-31 23:59:59.9995+00')
      ) AS v(ts)`.execute(t.db)
    expect(rows).toHaveLength(9)
    for (const row of rows) expect(parseUtcTimestamp(row.json.at).toISOString()).toBe(row.ts.toISOString())
  })
})
