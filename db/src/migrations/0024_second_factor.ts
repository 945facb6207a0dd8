/**
 * Second factor (issue 49): TOTP authenticators, recovery codes and the sign-in challenges that ask
 * for them. Frozen once released.
 *
 * - `totp_credentials`: one authenticator per member. The secret is stored sealed (AES-256-GCM under a
 *   key the server derives from its JWT secret, never the plain base32), so a copy of the database
 *   alone yields no codes. `enabled_at` stays null while an enrolment waits for its first code;
 *   `last_used_step` is the 30-second time step of the last code accepted, so a code (or an older
 *   one) is never accepted twice.
 * - `recovery_codes`: ten single-use codes per member, each an argon2id hash (like passwords), so
 *   they stay usable whatever happens to the server's key; `used_at` marks a spent one.
 * - `second_factor_challenges`: what a right password buys a member with a second factor: a random
 *   token (only its SHA-256 is kept) valid for five minutes, once, for the token version it was issued
 *   under (a password change in between voids it). Passkeys can later answer the same challenge.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE totp_credentials (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed text NOT NULL CHECK (char_length(secret_sealed) BETWEEN 10 AND 500),
    created_at timestamptz NOT NULL DEFAULT now(),
    enabled_at timestamptz,
    last_used_step integer CHECK (last_used_step >= 0)
  )`,
  sql`CREATE TABLE recovery_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    used_at timestamptz
  )`,
  sql`CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id)`,
  sql`CREATE TABLE second_factor_challenges (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    token_version integer NOT NULL,
    failed_attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  sql`CREATE UNIQUE INDEX second_factor_challenges_hash_idx ON second_factor_challenges (token_hash)`,
  // Expired challenges are pruned whenever a new one is made.
  sql`CREATE INDEX second_factor_challenges_expiry_idx ON second_factor_challenges (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS second_factor_challenges`.execute(db)
  await sql`DROP TABLE IF EXISTS recovery_codes`.execute(db)
  await sql`DROP TABLE IF EXISTS totp_credentials`.execute(db)
}
