/**
 * Web sessions in cookies (issue 49). Frozen once released.
 *
 * - `web_sessions`: one signed-in browser (docs/product-rules.md#sessions). The HttpOnly cookie holds a
 *   random secret; only its SHA-256 (`secret_hash`) is stored, so a leaked table signs no one in. A
 *   session counts while `ended_at` is null, `expires_at` is ahead and `token_version` still equals the
 *   user's: bumping the user's version (a password change or reset, a lowered role, "sign out
 *   everywhere else") ends every session pinned to the old one without touching these rows.
 * - `user_agent` and `ip` are what Settings → Sessions names the device and network by;
 *   `last_seen_at` is refreshed at most every few minutes, not on every request.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE web_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      secret_hash text NOT NULL UNIQUE CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
      token_version integer NOT NULL CHECK (token_version >= 0),
      method text NOT NULL
        CHECK (method IN ('password', 'signup', 'second-factor', 'passkey', 'github', 'google')),
      user_agent text NOT NULL DEFAULT '' CHECK (char_length(user_agent) <= 512),
      ip text NOT NULL DEFAULT '' CHECK (char_length(ip) <= 64),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      CHECK (expires_at > created_at)
    )`.execute(db)
  // Settings lists a member's sessions; the maintenance sweep deletes long-finished ones.
  await sql`CREATE INDEX web_sessions_user_idx ON web_sessions (user_id, created_at)`.execute(db)
  await sql`CREATE INDEX web_sessions_expiry_idx ON web_sessions (expires_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS web_sessions`.execute(db)
}
