/**
 * Web sessions in cookies (issue 49, docs/product-rules.md#sessions). Frozen once released. Only the
 * secret's SHA-256 is stored; a session counts while not ended, not expired and pinned to the user's
 * current `token_version`, so bumping it ends every older session without touching these rows.
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
