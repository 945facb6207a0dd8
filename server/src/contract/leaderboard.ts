import { type Static, Type } from 'typebox'
import { LiveLeaderboardEntry, LiveLeaderboardPeriod, LiveLeaderboardStats } from './live.ts'

/*
 * The leaderboard (docs/product-rules.md#leaderboard): all-time totals, or the sum of the points ledger over
 * the last 7 UTC days (`week`) or 30 (`month`), today included. The REST entries and the live
 * `leaderboard.updated` entries share one schema, so a pushed top 10 replaces the first rows of a fetched
 * board as they are; likewise the REST stats and `leaderboard.stats`, which replaces the stats of every
 * cached board.
 */

/** Leaderboard tabs: `all` (All Time), `week` (This Week: the last 7 UTC days), `month` (the last 30). */
export const LeaderboardPeriod = LiveLeaderboardPeriod
export type LeaderboardPeriod = Static<typeof LeaderboardPeriod>

/**
 * One row: `points` is the all-time total or the window's gain (never below 0). `badge` is the
 * leaderboard label: Expert ≥1000, Pro ≥500, Advanced ≥250 (all-time total), else Top Gainer (one of
 * the top 3 weekly gainers with a gain ≥20), else Rising (weekly gain ≥10 and ≥ half the total), else None.
 */
export const LeaderboardEntry = LiveLeaderboardEntry
export type LeaderboardEntry = Static<typeof LeaderboardEntry>

/** How many entries a board lists. */
export const LEADERBOARD_SIZE = 50
/** How many entries a live `leaderboard.updated` event carries. */
export const LEADERBOARD_LIVE_SIZE = 10

/** Query of both leaderboard endpoints; `period` defaults to `all`. */
export const LeaderboardQuery = Type.Object(
  { period: Type.Optional(LeaderboardPeriod) },
  { additionalProperties: false },
)
export type LeaderboardQuery = Static<typeof LeaderboardQuery>

/**
 * `GET /api/website/leaderboard` (public): the top 50 of the period, highest first (ties: the earlier
 * member first). Users with 0 points in a week/month window are left out.
 */
export const WebsiteLeaderboardResponse = Type.Array(LeaderboardEntry, { maxItems: LEADERBOARD_SIZE })
export type WebsiteLeaderboardResponse = Static<typeof WebsiteLeaderboardResponse>

/**
 * The leaderboard page's stats (always all-time): every user, users with points above 0, users with
 * 1000 points or more, and the sum of every user's points. The live `leaderboard.stats` carries the same.
 */
export const LeaderboardStats = LiveLeaderboardStats
export type LeaderboardStats = Static<typeof LeaderboardStats>

/**
 * `GET /api/leaderboard` (public), for the page: the board of `period`, the stats, and `liveId`, the
 * last event id of the `leaderboard` topic read before the board, to pass as `since` when subscribing.
 */
export const LeaderboardResponse = Type.Object({
  period: LeaderboardPeriod,
  entries: Type.Array(LeaderboardEntry, { maxItems: LEADERBOARD_SIZE }),
  stats: LeaderboardStats,
  liveId: Type.String(),
})
export type LeaderboardResponse = Static<typeof LeaderboardResponse>
