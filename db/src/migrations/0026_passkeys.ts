/**
 * Passkeys (issue 49): WebAuthn credentials a member signs in with, alone or as the second factor, and
 * the challenges of their ceremonies. Frozen once released.
 *
 * - `passkeys`: one row per credential. `credential_id` is the authenticator's id (base64url), unique
 *   across members; `public_key` the COSE key the assertions are checked with; `counter` the last
 *   signature counter seen (a uint32, so bigint), never allowed to go back; `device_type` says whether
 *   the credential may be synced (the backup-eligible flag, fixed at creation) and `backed_up` whether
 *   it is (it may change). `name` is the member's label, plain text.
 * - `passkey_challenges`: the random challenge of one ceremony (only its SHA-256 is kept), used once
 *   and valid for minutes: a registration (the member's), a sign-in with a passkey alone (nobody's
 *   yet: usernameless), or the answer to a password step's second-factor challenge (which it goes with).
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE passkeys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id text NOT NULL
      CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND char_length(credential_id) BETWEEN 16 AND 1400),
    public_key bytea NOT NULL,
    counter bigint NOT NULL DEFAULT 0 CHECK (counter BETWEEN 0 AND 4294967295),
    transports text[] NOT NULL DEFAULT '{}',
    device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
    backed_up boolean NOT NULL DEFAULT false,
    aaguid text NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    CHECK (backed_up = false OR device_type = 'multiDevice')
  )`,
  sql`CREATE UNIQUE INDEX passkeys_credential_idx ON passkeys (credential_id)`,
  sql`CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at)`,
  sql`CREATE TABLE passkey_challenges (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    challenge_hash text NOT NULL CHECK (challenge_hash ~ '^[0-9a-f]{64}$'),
    purpose text NOT NULL CHECK (purpose IN ('registration', 'sign-in', 'second-factor')),
    user_id uuid REFERENCES users (id) ON DELETE CASCADE,
    second_factor_challenge_id uuid REFERENCES second_factor_challenges (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CHECK ((purpose = 'sign-in') = (user_id IS NULL)),
    CHECK ((purpose = 'second-factor') = (second_factor_challenge_id IS NOT NULL))
  )`,
  sql`CREATE UNIQUE INDEX passkey_challenges_hash_idx ON passkey_challenges (challenge_hash)`,
  // Expired challenges are pruned whenever a new one is made.
  sql`CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS passkey_challenges`.execute(db)
  await sql`DROP TABLE IF EXISTS passkeys`.execute(db)
}
