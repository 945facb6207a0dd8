import type { BadgeName } from '../contract/common.ts'

interface Tier {
  readonly name: BadgeName
  readonly min: number
}

/**
 * Tier thresholds, lowest first (docs/product-rules.md#badges): the badge is the highest tier whose minimum
 * is reached.
 */
export const BADGE_TIERS: readonly [Tier, ...Tier[]] = [
  { name: 'Newbie', min: 0 },
  { name: 'Explorer', min: 50 },
  { name: 'Rising', min: 100 },
  { name: 'Hot', min: 150 },
  { name: 'Advanced', min: 250 },
  { name: 'Pro', min: 500 },
  { name: 'Expert', min: 1000 },
  { name: 'Legend', min: 2000 },
]

/** Where a user stands between their tier and the next: `percent` of the gap covered (100 at the top). */
export interface BadgeProgress {
  badge: BadgeName
  next: BadgeName | null
  /** Points still needed to reach `next` (0 at the top tier). */
  pointsToNext: number
  percent: number
}

/** The tier badge for a points total. Totals below 0 (never stored, but defensive) count as 0. */
export function badgeForPoints(points: number): BadgeName {
  return badgeProgress(points).badge
}

/** Progress towards the next tier, as a whole percentage of the gap between the two tiers. */
export function badgeProgress(points: number): BadgeProgress {
  const safe = Math.max(0, Math.floor(points))
  let index = 0
  for (let i = 1; i < BADGE_TIERS.length; i++) {
    if (safe >= (BADGE_TIERS[i]?.min ?? Number.POSITIVE_INFINITY)) index = i
  }
  const current = BADGE_TIERS[index] ?? BADGE_TIERS[0]
  const next = BADGE_TIERS[index + 1]
  if (!next) return { badge: current.name, next: null, pointsToNext: 0, percent: 100 }
  const percent = Math.floor(((safe - current.min) / (next.min - current.min)) * 100)
  return { badge: current.name, next: next.name, pointsToNext: next.min - safe, percent }
}
