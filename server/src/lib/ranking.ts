/** The trending ranking, labelled "Trending" wherever a sort is named (docs/product-rules.md#lists). */

/** Only posts created within this many days are ranked as trending. */
export const TRENDING_WINDOW_DAYS = 30
/** How fast age pulls a post down: the exponent of (age in hours + 2). */
export const TRENDING_GRAVITY = 1.5

/** The counts and age a trending score is computed from. */
export interface TrendingInput {
  uplikeCount: number
  downlikeCount: number
  commentsCount: number
  viewCount: number
  createdAt: Date
}

/**
 * (up − down + comments/2 + views/20) / (age in hours + 2)^1.5. The SQL of the browse query computes
 * the same formula; this one is the reference the tests compare it with.
 */
export function trendingScore(post: TrendingInput, now: Date = new Date()): number {
  const ageHours = Math.max(0, (now.getTime() - post.createdAt.getTime()) / 3_600_000)
  const votes = post.uplikeCount - post.downlikeCount + post.commentsCount / 2 + post.viewCount / 20
  return votes / (ageHours + 2) ** TRENDING_GRAVITY
}
