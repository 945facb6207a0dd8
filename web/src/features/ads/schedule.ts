import type { ModAd } from '@bashboard/server/contract'

/** Where an ad stands right now, as the console shows it. */
export type AdState = 'showing' | 'paused' | 'scheduled' | 'ended'

/** An ad's state: paused wins, then the schedule decides (`showing` comes from the server's clock). */
export function adState(
  ad: Pick<ModAd, 'active' | 'showing' | 'startsAt' | 'endsAt'>,
  now = Date.now(),
): AdState {
  if (!ad.active) return 'paused'
  if (ad.showing) return 'showing'
  if (ad.startsAt && Date.parse(ad.startsAt) > now) return 'scheduled'
  return 'ended'
}

const pad = (value: number): string => String(value).padStart(2, '0')

/** ISO time → the `datetime-local` input's value in the browser's time zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value (local time) → ISO, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
