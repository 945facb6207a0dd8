import { type Static, Type } from 'typebox'
import { Id } from './common.ts'

/** A post created today, as listed in the platform stats. */
export const TodaysPost = Type.Object({
  _id: Id,
  title: Type.String(),
  slug: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
})
export type TodaysPost = Static<typeof TodaysPost>

/**
 * Site-wide numbers shown on the home page. "Today" starts at UTC midnight: `todaysPosts` holds the
 * newest 10 posts created since then, `activeToday` counts distinct users who posted, commented or
 * voted since then. Also the payload of the `stats.updated` live event.
 */
export const PlatformStats = Type.Object({
  totalPosts: Type.Integer({ minimum: 0 }),
  totalUsers: Type.Integer({ minimum: 0 }),
  totalCategories: Type.Integer({ minimum: 0 }),
  todaysPosts: Type.Array(TodaysPost),
  activeToday: Type.Integer({ minimum: 0 }),
})
export type PlatformStats = Static<typeof PlatformStats>

/** GET /api/website/stats: the stats plus the `stats` topic's current live id. */
export const StatsResponse = Type.Object({
  ...PlatformStats.properties,
  liveId: Type.String(),
})
export type StatsResponse = Static<typeof StatsResponse>
