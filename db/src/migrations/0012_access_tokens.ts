/**
 * Personal access tokens: long-lived bearer tokens (`bb_pat_…`) a user creates for scripts and the
 * command line. Frozen once released.
 *
 * Only the SHA-256 of a token is stored: the secret is 32 random bytes, so a fast hash is enough (no
 * salt or slow hash is needed against guessing), and it lets a request find its token through the
 * unique index in one lookup. `last_four` is the end of the token, shown in lists so a user can tell
 * tokens apart; it is far too short to be of use to anyone else.
 *
 * Revoking keeps the row with `revoked_at` set, so a script still using the token is told it was
 * revoked rather than that it never existed; a name is unique only among the tokens not revoked.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE access_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
    token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    last_four text NOT NULL CHECK (char_length(last_four) = 4),
    scopes text[] NOT NULL
      CHECK (cardinality(scopes) BETWEEN 1 AND 4 AND scopes <@ ARRAY['read', 'vote', 'save', 'post']),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    expires_at timestamptz,
    revoked_at timestamptz
  )`,
  sql`CREATE UNIQUE INDEX access_tokens_hash_idx ON access_tokens (token_hash)`,
  // Names compare without case, so "CLI" and "cli" cannot both be listed.
  sql`CREATE UNIQUE INDEX access_tokens_user_name_idx ON access_tokens (user_id, lower(name))
    WHERE revoked_at IS NULL`,
  // A user's list, newest first.
  sql`CREATE INDEX access_tokens_user_idx ON access_tokens (user_id, created_at DESC)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS access_tokens`.execute(db)
}
