import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  LEADERBOARD_LIVE_SIZE,
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type LeaderboardStats,
} from '../../contract/leaderboard.ts'
import { startBatch } from '../../lib/batch.ts'
import type { LiveHub } from '../../live/hub.ts'
import { avatarUrl } from '../accounts/presenter.ts'
import {
  type BoardRow,
  bringWindowGainsToToday,
  countLeaderboardStats,
  findAllTimeTop,
  findWindowGains,
  findWindowTop,
} from './repo.ts'

/** Every board period, in tab order. */
export const PERIODS: readonly LeaderboardPeriod[] = ['all', 'week', 'month']

/** Timings of the cache and the live push (docs/product-rules.md#leaderboard, issue 4 speed target). */
export interface LeaderboardTimings {
  /** A snapshot nobody here changed is served for this long; then one request refreshes it. */
  ttlMs: number
  /** Computations start at least this far apart, however many changes arrive. */
  minIntervalMs: number
  /** Changes within this window share one push computation (trailing edge). */
  pushWindowMs: number
}

export const LEADERBOARD_TIMINGS: LeaderboardTimings = {
  ttlMs: 2000,
  minIntervalMs: 1000,
  pushWindowMs: 1000,
}

/**
 * The leaderboard label thresholds (docs/product-rules.md#leaderboard). The Experts stat counts users at
 * `expert` or more in the database (migration 0017's counters.points_totals), which names 1000 too.
 */
const LABEL = { expert: 1000, pro: 500, advanced: 250, topGain: 20, topRank: 3, risingGain: 10 } as const

/**
 * The leaderboard label of a user (docs/product-rules.md#leaderboard): Expert ≥1000, Pro ≥500, Advanced ≥250
 * all-time points, else Top Gainer when among the top 3 weekly gainers with a gain ≥20, else Rising when the weekly
 * gain is ≥10 and at least half the total, else None.
 */
export function leaderboardLabel(
  total: number,
  weeklyGain: number,
  topWeekly: boolean,
): LeaderboardEntry['badge'] {
  if (total >= LABEL.expert) return 'Expert'
  if (total >= LABEL.pro) return 'Pro'
  if (total >= LABEL.advanced) return 'Advanced'
  if (topWeekly && weeklyGain >= LABEL.topGain) return 'Top Gainer'
  if (weeklyGain >= LABEL.risingGain && weeklyGain * 2 >= total) return 'Rising'
  return 'None'
}

/** A top weekly gainer with their all-time total (the home page's card shows the tier badge of the total). */
export interface WeeklyLeaderRow {
  id: string
  username: string
  avatar: string | null
  gain: number
  total: number
}

/** Every board and the stats, computed together (the labels of each board need the weekly gains). */
export interface LeaderboardSnapshot {
  boards: Record<LeaderboardPeriod, LeaderboardEntry[]>
  stats: LeaderboardStats
  /** The week's board with totals, for the home page's weekly leaders card. */
  weeklyLeaders: WeeklyLeaderRow[]
}

/**
 * Computes every board (top 50 each) and the stats now: six small queries, none per user, each reading
 * sums the database keeps (migration 0017) rather than summing the ledger or counting users.
 */
export async function computeLeaderboards(db: Kysely<Database>): Promise<LeaderboardSnapshot> {
  await bringWindowGainsToToday(db)
  const [all, week, month, stats] = await Promise.all([
    findAllTimeTop(db, LEADERBOARD_SIZE),
    findWindowTop(db, 'week', LEADERBOARD_SIZE),
    findWindowTop(db, 'month', LEADERBOARD_SIZE),
    countLeaderboardStats(db),
  ])
  const weekly = new Map(week.map((row) => [row.id, row.gain]))
  // Users on the other boards but not among the week's top 50 may still have a (small) weekly gain.
  const missing = [...new Set([...all, ...month].map((row) => row.id))].filter((id) => !weekly.has(id))
  for (const [id, gain] of await findWindowGains(db, 'week', missing)) weekly.set(id, gain)
  const topGainers = new Set(week.slice(0, LABEL.topRank).map((row) => row.id))

  const toEntry = (row: BoardRow): LeaderboardEntry => ({
    _id: row.id,
    username: row.username,
    avatar: avatarUrl(row.avatar),
    points: Math.max(0, row.gain),
    badge: leaderboardLabel(row.points, weekly.get(row.id) ?? 0, topGainers.has(row.id)),
  })
  return {
    boards: { all: all.map(toEntry), week: week.map(toEntry), month: month.map(toEntry) },
    stats,
    // The week's rows hold only users with a positive gain (findWindowTop's HAVING).
    weeklyLeaders: week.map((row) => ({
      id: row.id,
      username: row.username,
      avatar: row.avatar,
      gain: row.gain,
      total: row.points,
    })),
  }
}

/**
 * The leaderboards of this instance: an in-memory snapshot of every board, and the live pushes.
 * See {@link createLeaderboard} for the freshness rules.
 */
export interface Leaderboard {
  /** The board of `period` (top 50) and the stats. */
  get(period: LeaderboardPeriod): Promise<{ entries: LeaderboardEntry[]; stats: LeaderboardStats }>
  /**
   * The top `limit` gainers of the week's board, with their totals: the home page's card reads the
   * same snapshot as the leaderboard page, so both agree and neither costs a query per request.
   */
  weeklyLeaders(limit: number): Promise<WeeklyLeaderRow[]>
  /**
   * Call after a commit that changed points (post create/delete, votes) or the user count (sign-up).
   * The next read waits for a snapshot that includes the change, and a coalesced push sends
   * `leaderboard.updated` for each period whose top 10 changed, then `leaderboard.stats` if the stats
   * changed. Never throws and never delays the caller.
   */
  recount(): void
  /** Drops a pending push and waits for one in progress (app shutdown). */
  close(): Promise<void>
}

/**
 * `GET /api/leaderboard` (and the leaderboard's text page): the board of `period`, the stats, and the
 * `leaderboard` topic's live id.
 */
export async function readLeaderboardPage(
  deps: { leaderboard: Pick<Leaderboard, 'get'>; live: Pick<LiveHub, 'currentId'> },
  period: LeaderboardPeriod,
): Promise<LeaderboardResponse> {
  // Read before the board: a push between the two is replayed on subscribe, not lost.
  const liveId = await deps.live.currentId('leaderboard')
  const { entries, stats } = await deps.leaderboard.get(period)
  return { period, entries, stats, liveId }
}

interface Running {
  promise: Promise<LeaderboardSnapshot>
  /** `version`: the change version the computation includes; undefined while it waits to start. */
  state: { version: number | undefined }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref()
  })

/**
 * A leaderboard over `db` and the live hub. Reads are served from the snapshot while it is younger
 * than `ttlMs` and no local change happened since it was computed. A stale snapshot (TTL only) is
 * served once more while one background refresh runs, so readers never queue behind the database;
 * after a local change readers wait for a snapshot that includes it. Computations are single-flight
 * and start at least `minIntervalMs` apart, so a burst of votes costs about one computation a second
 * however many requests and changes it brings. Another instance's changes show within the TTL.
 */
export function createLeaderboard(
  deps: { db: Kysely<Database>; live: LiveHub },
  timings: LeaderboardTimings = LEADERBOARD_TIMINGS,
): Leaderboard {
  let snapshot: { value: LeaderboardSnapshot; version: number; at: number } | undefined
  // Bumped by recount(); a snapshot computed from an older version is dirty.
  let version = 0
  let lastStart = Number.NEGATIVE_INFINITY
  let running: Running | undefined
  let queued: Promise<LeaderboardSnapshot> | undefined
  // What each period's subscribers were last sent (or the baseline they fetched).
  const lastTop = new Map<LeaderboardPeriod, string>()
  // The same for the stats, which every period shares.
  let lastStats: string | undefined

  const compute = async (state: Running['state']): Promise<LeaderboardSnapshot> => {
    try {
      const wait = lastStart + timings.minIntervalMs - Date.now()
      if (wait > 0) await sleep(wait)
      lastStart = Date.now()
      const startedVersion = version
      state.version = startedVersion
      const value = await computeLeaderboards(deps.db)
      if (!snapshot || snapshot.version <= startedVersion) {
        snapshot = { value, version: startedVersion, at: Date.now() }
      }
      return value
    } finally {
      // Cleared before the promise settles, so whoever awaited it sees the next state.
      if (running?.state === state) running = undefined
    }
  }

  const start = (): Running => {
    const state: Running['state'] = { version: undefined }
    running = { state, promise: compute(state) }
    return running
  }

  /** A snapshot that includes every change made before this call. */
  const refresh = (): Promise<LeaderboardSnapshot> => {
    if (!running) return start().promise
    if (running.state.version === undefined || running.state.version === version) return running.promise
    // The running computation predates the latest change: one more runs after it, shared by all.
    if (!queued) {
      queued = running.promise
        .catch(() => undefined)
        .then(() => {
          queued = undefined
          return refresh()
        })
    }
    return queued
  }

  const read = async (): Promise<LeaderboardSnapshot> => {
    if (snapshot && snapshot.version === version) {
      if (Date.now() - snapshot.at < timings.ttlMs) return snapshot.value
      // Expired but not changed here: serve it while one refresh runs in the background.
      if (!running) {
        refresh().catch((error: unknown) => deps.live.log.warn({ err: error }, 'leaderboard refresh failed'))
      }
      return snapshot.value
    }
    return refresh().catch((error: unknown) => {
      // A failed recount (database restarting) still answers with the last boards when there are some.
      if (!snapshot) throw error
      deps.live.log.warn({ err: error }, 'leaderboard refresh failed; serving the last snapshot')
      return snapshot.value
    })
  }

  const topKey = (entries: readonly LeaderboardEntry[]) =>
    JSON.stringify(entries.slice(0, LEADERBOARD_LIVE_SIZE))
  // Fixed key order, so equal stats always give equal keys.
  const statsKey = (stats: LeaderboardStats) =>
    JSON.stringify([stats.totalUsers, stats.activeUsers, stats.experts, stats.totalPoints])

  const push = startBatch({
    delayMs: timings.pushWindowMs,
    run: pushChanges,
    onError: (error) =>
      deps.live.log.warn({ err: error }, 'leaderboard push failed; clients refetch on their next load'),
  })

  async function pushChanges(): Promise<void> {
    const value = await refresh()
    for (const period of PERIODS) {
      const top = value.boards[period].slice(0, LEADERBOARD_LIVE_SIZE)
      const key = topKey(top)
      if (lastTop.get(period) === key) continue
      lastTop.set(period, key)
      await deps.live.publish('leaderboard', 'leaderboard.updated', { period, entries: top })
    }
    // After the boards, so each push ends with the tiles that sum them up.
    const stats = statsKey(value.stats)
    if (lastStats !== stats) {
      lastStats = stats
      await deps.live.publish('leaderboard', 'leaderboard.stats', { stats: value.stats })
    }
  }

  return {
    async get(period) {
      const value = await read()
      return { entries: value.boards[period], stats: value.stats }
    },
    async weeklyLeaders(limit) {
      return (await read()).weeklyLeaders.slice(0, limit)
    },
    recount() {
      // The boards as they were before this change are the baseline the next push compares with.
      if (snapshot && snapshot.version === version) {
        for (const period of PERIODS) {
          if (!lastTop.has(period)) lastTop.set(period, topKey(snapshot.value.boards[period]))
        }
        lastStats ??= statsKey(snapshot.value.stats)
      }
      version++
      push.poke()
    },
    close: push.close,
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The cached leaderboards; call `recount()` after any commit that changes points or the user count.
     */
    leaderboard: Leaderboard
  }
}
