import { randomUUID } from 'node:crypto'
import type { CategoryRow } from '@bashboard/db'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
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
import type { LeaderboardEntry, LeaderboardResponse, LeaderboardStats } from '../../contract/leaderboard.ts'
import { type Bus, type BusMessage, createMemoryBus } from '../../live/bus.ts'
import { createLiveHub } from '../../live/hub.ts'
import { createLeaderboard, leaderboardLabel } from './service.ts'

let t: TestApp
let category: CategoryRow

beforeAll(async () => {
  t = await buildTestApp()
  category = await createCategory(t.db)
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  // Each test builds its own standings from an empty table.
  await t.db.deleteFrom('users').execute()
})

const DAY = 86_400_000

/** A user whose all-time total is `points` and whose ledger holds `entries` (delta, days ago). */
async function userWith(points: number, entries: Array<[delta: number, daysAgo: number]>, name?: string) {
  const user = await createUser(t.db, { points, ...(name ? { username: name } : {}) })
  for (const [delta, daysAgo] of entries) {
    await t.db
      .insertInto('points_ledger')
      .values({
        user_id: user.id,
        delta,
        reason: 'adjustment',
        subject_id: null,
        actor_id: null,
        created_at: new Date(Date.now() - daysAgo * DAY),
      })
      .execute()
  }
  return user
}

async function board(period?: string): Promise<LeaderboardEntry[]> {
  // Rows inserted behind the app's back: tell the cache, as the services do after a commit.
  t.app.leaderboard.recount()
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/website/leaderboard${period ? `?period=${period}` : ''}`,
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}

function recordLeaderboardEvents() {
  const events: Array<{ period: string; entries: LeaderboardEntry[] }> = []
  const stop = t.bus.subscribe({
    message: (message: BusMessage) => {
      if (message.topic === 'leaderboard' && message.event === 'leaderboard.updated')
        events.push(JSON.parse(message.frame).data)
    },
    resumed: () => {},
  })
  return { events, stop }
}

/** Every event on the `leaderboard` topic, in the order the bus delivered them. */
function recordLeaderboardTopic(bus: Bus = t.bus) {
  const events: Array<{ event: string | null; data: Record<string, unknown> }> = []
  const stop = bus.subscribe({
    message: (message: BusMessage) => {
      if (message.topic === 'leaderboard')
        events.push({ event: message.event, data: JSON.parse(message.frame).data })
    },
    resumed: () => {},
  })
  const stats = () => events.filter((e) => e.event === 'leaderboard.stats').map((e) => e.data)
  return { events, stats, stop }
}

/** The stats the page would load now (after telling the cache about rows inserted behind its back). */
async function loadStats(): Promise<LeaderboardStats> {
  t.app.leaderboard.recount()
  const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' })
  expect(res.statusCode).toBe(200)
  return (res.json() as LeaderboardResponse).stats
}

async function createPostAs(author: TestUser, title: string): Promise<string> {
  const post = await createPostViaApi(t.app, author, {
    title: `${title} ${randomUUID().slice(0, 8)}`,
    command: `uptime # ${randomUUID()}`,
    description: '<p>Shows how long the system has run.</p>',
    category: category.id,
  })
  return post._id
}

describe('leaderboardLabel', () => {
  it('follows docs/product-rules.md#leaderboard: tier labels first, then Top Gainer, then Rising, else None', () => {
    expect(leaderboardLabel(1000, 0, false)).toBe('Expert')
    expect(leaderboardLabel(999, 500, true)).toBe('Pro')
    expect(leaderboardLabel(250, 100, true)).toBe('Advanced')
    expect(leaderboardLabel(249, 20, true)).toBe('Top Gainer')
    expect(leaderboardLabel(249, 19, true)).toBe('None')
    expect(leaderboardLabel(40, 20, true)).toBe('Top Gainer')
    expect(leaderboardLabel(40, 20, false)).toBe('Rising')
    expect(leaderboardLabel(21, 10, false)).toBe('None')
    expect(leaderboardLabel(20, 10, false)).toBe('Rising')
    expect(leaderboardLabel(5, 9, false)).toBe('None')
  })
})

describe('GET /api/website/leaderboard', () => {
  it('ranks all time by total, and week/month by the window’s ledger sum, leaving out zero gains', async () => {
    const a = await userWith(700, [
      [30, 2],
      [100, 20],
      [570, 45],
    ])
    const b = await userWith(60, [[60, 10]])
    const c = await userWith(40, [
      [50, 1],
      [-10, 1],
    ])
    // Lost more than gained this week: not on the week board, and never below 0 elsewhere.
    const d = await userWith(5, [
      [15, 40],
      [-10, 3],
    ])
    const zero = await userWith(0, [])

    const all = await board()
    expect(all.map((e) => [e._id, e.points])).toEqual([
      [a.id, 700],
      [b.id, 60],
      [c.id, 40],
      [d.id, 5],
      [zero.id, 0],
    ])
    expect(await board('all')).toEqual(all)

    const week = await board('week')
    expect(week.map((e) => [e._id, e.points])).toEqual([
      [c.id, 40],
      [a.id, 30],
    ])
    const month = await board('month')
    expect(month.map((e) => [e._id, e.points])).toEqual([
      [a.id, 130],
      [b.id, 60],
      [c.id, 40],
    ])
    expect(all[0]).toEqual({ _id: a.id, username: a.username, avatar: null, points: 700, badge: 'Pro' })

    // The daily rollup the window boards read holds exactly the ledger's sums per user and UTC day.
    const rollup = await t.db
      .selectFrom('points_daily')
      .select(['user_id', 'delta', sql<string>`day::text`.as('day')])
      .orderBy('user_id')
      .orderBy('day')
      .execute()
    const ledger = await t.db
      .selectFrom('points_ledger')
      .select([
        'user_id',
        sql<number>`sum(delta)::int`.as('delta'),
        sql<string>`(created_at AT TIME ZONE 'UTC')::date::text`.as('day'),
      ])
      .groupBy(['user_id', sql`(created_at AT TIME ZONE 'UTC')::date`])
      .orderBy('user_id')
      .orderBy('day')
      .execute()
    expect(rollup).toEqual(ledger)
  })

  it('labels Top Gainer for the top 3 weekly gainers with ≥20 and Rising for fast growers', async () => {
    const top = await Promise.all([30, 28, 25].map((gain) => userWith(gain + 100, [[gain, 1]])))
    const fourth = await userWith(24, [[24, 1]])
    const slow = await userWith(200, [[15, 1]])
    const entries = await board('week')
    const badge = (id: string) => entries.find((e) => e._id === id)?.badge
    expect(top.map((u) => badge(u.id))).toEqual(['Top Gainer', 'Top Gainer', 'Top Gainer'])
    // Not in the top 3, but the week brought ≥10 and at least half of the total.
    expect(badge(fourth.id)).toBe('Rising')
    expect(badge(slow.id)).toBe('None')
  })

  it('caps every board at 50 entries and refuses an unknown period', async () => {
    await Promise.all(Array.from({ length: 55 }, (_, i) => userWith(i + 1, [[i + 1, 1]])))
    expect(await board('all')).toHaveLength(50)
    expect(await board('week')).toHaveLength(50)
    const bad = await t.app.inject({ method: 'GET', url: '/api/website/leaderboard?period=year' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/leaderboard', () => {
  it('answers the board with the all-time stats and the live id', async () => {
    await userWith(1500, [[20, 1]])
    await userWith(300, [])
    await userWith(0, [])
    // Experts have 1000 or more (the boundary of the label and of the stat kept by migration 0017).
    await userWith(1000, [])
    await userWith(999, [])
    t.app.leaderboard.recount()
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard?period=week' })
    expect(res.statusCode).toBe(200)
    const body: LeaderboardResponse = res.json()
    expect(body.period).toBe('week')
    expect(body.entries).toHaveLength(1)
    expect(body.stats).toEqual({ totalUsers: 5, activeUsers: 4, experts: 2, totalPoints: 3799 })
    expect(body.liveId).toMatch(/^\d+$/)
  })
})

describe('live leaderboard.updated', () => {
  let author: TestUser

  it('coalesces a burst of votes into a few pushes with the final standings', async () => {
    author = await createUser(t.db, { role: 'contributor' })
    const postId = await createPostAs(author, 'Burst')
    const voters = await Promise.all(Array.from({ length: 30 }, () => createUser(t.db)))
    await sleep(1500) // let the post's own push go out first

    const { events, stop } = recordLeaderboardEvents()
    const started = Date.now()
    await Promise.all(
      voters.map((voter) =>
        t.app.inject({
          method: 'POST',
          url: `/api/posts/upvote/${postId}`,
          headers: authHeader(loginAs(t.app, voter)),
        }),
      ),
    )
    const burstSeconds = (Date.now() - started) / 1000
    await sleep(2500)
    stop()

    // 30 votes: one push per period per computation (at most ~1 a second), never one per vote.
    expect(events.length).toBeGreaterThanOrEqual(1)
    expect(events.length).toBeLessThanOrEqual(3 * (Math.ceil(burstSeconds) + 2))
    expect(events.length).toBeLessThan(30)
    for (const period of ['all', 'week', 'month']) {
      const last = events.filter((e) => e.period === period).at(-1)
      expect(last?.entries[0]).toMatchObject({ _id: author.id, points: 10 + 30 * 2 })
      expect(last?.entries.length).toBeLessThanOrEqual(10)
    }
  })

  it('pushes only the periods whose top 10 changed', async () => {
    // Hot before and after (a top-3 weekly gainer), so only the points can change its week row.
    const user = await userWith(30, [[30, 1]])
    const lb = createLeaderboard(
      { db: t.db, live: t.app.live },
      { ttlMs: 2000, minIntervalMs: 50, pushWindowMs: 50 },
    )
    try {
      await lb.get('all') // the baseline the next push compares with
      const { events, stop } = recordLeaderboardEvents()
      // 20 days ago: changes the all-time and month boards, not the week's.
      await t.db
        .insertInto('points_ledger')
        .values({
          user_id: user.id,
          delta: 40,
          reason: 'adjustment',
          created_at: new Date(Date.now() - 20 * DAY),
        })
        .execute()
      await t.db.updateTable('users').set({ points: 70 }).where('id', '=', user.id).execute()
      lb.recount()
      await sleep(600)
      stop()
      expect(events.map((e) => e.period).sort()).toEqual(['all', 'month'])
      expect(events.find((e) => e.period === 'month')?.entries[0]?.points).toBe(70)
    } finally {
      lb.close()
    }
  })

  it('serves reads from the cache, recomputing after a change', async () => {
    const user = await userWith(10, [])
    const lb = createLeaderboard(
      { db: t.db, live: t.app.live },
      { ttlMs: 60_000, minIntervalMs: 0, pushWindowMs: 10_000 },
    )
    try {
      expect((await lb.get('all')).entries[0]?.points).toBe(10)
      await t.db.updateTable('users').set({ points: 99 }).where('id', '=', user.id).execute()
      // Unchanged as far as this instance knows, within the TTL: the cached board.
      expect((await lb.get('all')).entries[0]?.points).toBe(10)
      lb.recount()
      expect((await lb.get('all')).entries[0]?.points).toBe(99)
    } finally {
      lb.close()
    }
  })
})

describe('live leaderboard.stats', () => {
  // The app's own leaderboard: a push goes out about a second after the change.
  const arrival = { timeout: 5000, interval: 50 }

  it('pushes the new total points once a vote has settled', async () => {
    const author = await createUser(t.db, { role: 'contributor' })
    const voter = await createUser(t.db)
    const postId = await createPostAs(author, 'Stats vote')
    const before = await loadStats()
    const { stats, stop } = recordLeaderboardTopic()
    try {
      const vote = await t.app.inject({
        method: 'POST',
        url: `/api/posts/upvote/${postId}`,
        headers: authHeader(loginAs(t.app, voter)),
      })
      expect(vote.statusCode).toBe(200)
      await t.app.voteSettler.settleAll()
      const expected = { ...before, totalPoints: before.totalPoints + 2 }
      await vi.waitFor(() => expect(stats()).toContainEqual({ stats: expected }), arrival)
    } finally {
      stop()
    }
  })

  it('pushes totalUsers + 1 after a sign-up', async () => {
    await createUser(t.db, { points: 40 })
    const before = await loadStats()
    // Let the push loadStats() asked for go out first: it would pick up the new user by itself.
    await sleep(1500)
    const { stats, stop } = recordLeaderboardTopic()
    try {
      const tag = randomUUID().slice(0, 8)
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { username: `tiles_${tag}`, email: `tiles_${tag}@example.test`, password: 'secret123' },
        remoteAddress: '10.9.0.1',
      })
      expect(signup.statusCode).toBe(201)
      const expected = { ...before, totalUsers: before.totalUsers + 1 }
      await vi.waitFor(() => expect(stats()).toContainEqual({ stats: expected }), arrival)
    } finally {
      stop()
    }
  })

  it('sends the stats after the boards, and only when they changed', async () => {
    const user = await userWith(30, [[30, 1]])
    // A hub of its own: a late push of the app's leaderboard (earlier tests) cannot land in `events`.
    const bus = createMemoryBus()
    const live = createLiveHub({ bus, log: t.app.live.log })
    const lb = createLeaderboard({ db: t.db, live }, { ttlMs: 2000, minIntervalMs: 50, pushWindowMs: 50 })
    const { events, stats, stop } = recordLeaderboardTopic(bus)
    try {
      const before = (await lb.get('all')).stats // the baseline the next push compares with
      // A ledger entry alone moves the week and month boards; the stats read the users' totals.
      await t.db
        .insertInto('points_ledger')
        .values({ user_id: user.id, delta: 5, reason: 'adjustment', created_at: new Date(Date.now() - DAY) })
        .execute()
      lb.recount()
      await sleep(600)
      expect(events.map((e) => e.event)).toEqual(['leaderboard.updated', 'leaderboard.updated'])
      expect(stats()).toEqual([])

      await t.db.updateTable('users').set({ points: 35 }).where('id', '=', user.id).execute()
      lb.recount()
      await sleep(600)
      expect(events.slice(2).map((e) => [e.event, e.data.period])).toEqual([
        ['leaderboard.updated', 'all'],
        ['leaderboard.stats', undefined],
      ])
      expect(stats()).toEqual([{ stats: { ...before, totalPoints: 35 } }])

      // Nothing changed since: no event at all.
      lb.recount()
      await sleep(600)
      expect(events).toHaveLength(4)
    } finally {
      stop()
      lb.close()
      await live.close()
    }
  })
})
