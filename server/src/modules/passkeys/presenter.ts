import type { Passkey } from '../../contract/passkeys.ts'
import type { PasskeyRow } from './repo.ts'

/** A passkey row as Settings shows it; the key, counter and credential id stay on the server. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    synced: row.device_type === 'multiDevice',
    backedUp: row.backed_up,
  }
}
