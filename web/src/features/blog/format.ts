import { countOf, nounFor } from '@bashboard/server/contract/plurals'
import { formatCount } from '../../lib/format-count'
/** docs/product-rules.md#blog: a card's excerpt of the meta description is cut at 150 characters. */
export const BLOG_EXCERPT_LENGTH = 150

/** The card excerpt: the text itself when short enough, else its first 150 characters and "...". */
export function blogExcerpt(text: string, length = BLOG_EXCERPT_LENGTH): string {
  const value = text.trim()
  return value.length > length ? `${value.slice(0, length).trimEnd()}...` : value
}

/** An article's day: "Nov 21, 2026" (lib/format-day.ts). */
export { formatDay as formatBlogDate } from '../../lib/format-day'

/** "1 view" / "1,234 views". */
export function formatViews(count: number): string {
  return countOf(count, 'view')
}

/** "5 min read" (the server computes words / 200, rounded up). */
export function formatReadingTime(minutes: number): string {
  return `${Math.max(1, minutes)} min read`
}

/** The "Page X of Y (N total articles)" line (docs/product-rules.md#blog). */
export function blogPageSummary(page: number, totalPages: number, totalBlogs: number): string {
  return `Page ${page} of ${totalPages} (${formatCount(totalBlogs)} total ${nounFor(totalBlogs, 'article')})`
}
