const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago". Times slightly in the future (a client clock
 * behind the server's) read as "just now" rather than "in 1 minute".
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return 'Unknown date'
  const seconds = Math.round((now - time) / 1000)
  if (seconds < 45) return 'just now'
  for (const [unit, size] of units) {
    if (seconds >= size) return formatter.format(-Math.floor(seconds / size), unit)
  }
  return formatter.format(-1, 'minute')
}
