import Bowser from 'bowser'
import type { WebSession } from '../../contract/sessions.ts'
import { networkOf } from '../../infra/rate-limit.ts'
import type { ListedSessionRow } from './repo.ts'

/** "Firefox 133 on Ubuntu" from a User-Agent header, or "Unknown browser" when nothing is recognised. */
export function deviceName(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown browser'
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : ''
  const system = parsed.os.name ?? ''
  if (browser && system) return `${browser} on ${system}`
  return browser || system || 'Unknown browser'
}

export function toWebSession(row: ListedSessionRow, currentId: string | undefined): WebSession {
  return {
    id: row.id,
    current: row.id === currentId,
    device: deviceName(row.user_agent),
    network: row.ip === '' ? 'Unknown network' : networkOf(row.ip),
    method: row.method,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }
}
