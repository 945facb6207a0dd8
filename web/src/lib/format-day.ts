/** en-US's month names, as Intl writes them (`{ month: 'long' }`; the first three letters for 'short'). */
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3))

/**
 * "Nov 21, 2026", or "Unknown date" for a missing or broken date: how every page writes a day. The same
 * text as `toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })` in the
 * browser's time zone, written without Intl for four-digit years: a page's first Intl call loads ICU's
 * locale data on the main thread (lib/format-count.ts says how much), and every card writes a day.
 */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return 'Unknown date'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown date'
  const year = date.getFullYear()
  if (year < 1000 || year > 9999) {
    return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  }
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${year}`
}

/**
 * The day of {@link formatDay} in UTC: what the server's render writes and the app's first render
 * repeats while it takes the page over, whatever either's time zone (lib/use-local-day.ts).
 */
export function formatDayUtc(iso: string | null | undefined): string {
  if (!iso) return 'Unknown date'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown date'
  const year = date.getUTCFullYear()
  if (year < 1000 || year > 9999) {
    return date.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
  }
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`
}

/**
 * "Nov 21, 2026, 3:04 PM" in the browser's time zone, or undefined for a broken date: the exact moment
 * in a tooltip beside a relative time. The text of `Intl.DateTimeFormat('en', { dateStyle: 'medium',
 * timeStyle: 'short' })` (with a plain space before AM/PM), without Intl, as {@link formatDay}.
 */
export function formatDayAndTime(iso: string): string | undefined {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return undefined
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${formatDay(iso)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

/**
 * "November 2026" in the browser's time zone ("member since"), or "an unknown date": the text of
 * `toLocaleDateString('en-US', { month: 'long', year: 'numeric' })` for four-digit years, without Intl,
 * as {@link formatDay}.
 */
export function formatMonth(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'an unknown date'
  const year = date.getFullYear()
  if (year < 1000 || year > 9999) return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' })
  return `${MONTH_NAMES[date.getMonth()]} ${year}`
}
