import { formatCount } from './format-count'

/** Each unit with its length in seconds, the largest first, and what one of it ago reads as. */
const units: ReadonlyArray<readonly [unit: string, seconds: number, justOne: string]> = [
  ['year', 365 * 24 * 3600, 'last year'],
  ['month', 30 * 24 * 3600, 'last month'],
  ['week', 7 * 24 * 3600, 'last week'],
  ['day', 24 * 3600, 'yesterday'],
  ['hour', 3600, '1 hour ago'],
  ['minute', 60, '1 minute ago'],
]

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago". Times slightly in the future (a client clock
 * behind the server's) read as "just now" rather than "in 1 minute". The same text as
 * `Intl.RelativeTimeFormat('en', { numeric: 'auto' })` of the whole units ago, written without Intl: a
 * page's first Intl call loads ICU's locale data on the main thread (lib/format-count.ts), and every
 * comment and the post page write one.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return 'Unknown date'
  const seconds = Math.round((now - time) / 1000)
  if (seconds < 45) return 'just now'
  for (const [unit, size, justOne] of units) {
    if (seconds < size) continue
    const count = Math.floor(seconds / size)
    return count === 1 ? justOne : `${formatCount(count)} ${unit}s ago`
  }
  return '1 minute ago'
}
