/** 1234 → "1,234" (lib/format-count.ts). */
export { formatCount } from '../../lib/format-count'
/** A post's day: "Nov 21, 2026" (lib/format-day.ts). */
export { formatDay as formatPostDate } from '../../lib/format-day'

/** docs/product-rules.md#post-display: round(up / (up + down) * 100), 0 when nobody voted. */
export function upvotePercentage(up: number, down: number): number {
  return up + down === 0 ? 0 : Math.round((up / (up + down)) * 100)
}

/** The first `count` tags of a post card (docs/product-rules.md#post-display: two). */
export function cardTags(tags: readonly string[], count = 2): string[] {
  return tags.slice(0, count)
}
