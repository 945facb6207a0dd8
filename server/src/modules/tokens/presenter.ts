import type { AccessTokenRow } from '@bashboard/db'
import type { AccessToken, TokenScope } from '../../contract/tokens.ts'
import { TOKEN_SCOPES } from '../../contract/values.ts'

/** The stored scopes the contract knows, in the contract's order (the column is checked on write). */
export function scopesOf(row: AccessTokenRow): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => row.scopes.includes(scope))
}

/** A token row as its owner's list shows it, never with its hash. */
export function toAccessToken(row: AccessTokenRow, now = new Date()): AccessToken {
  return {
    _id: row.id,
    name: row.name,
    scopes: scopesOf(row),
    lastFour: row.last_four,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    expired: row.expires_at !== null && row.expires_at.getTime() <= now.getTime(),
  }
}
