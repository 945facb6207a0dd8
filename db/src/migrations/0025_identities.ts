/**
 * Signing in with GitHub and Google (issue 49). Frozen once released.
 *
 * - `user_identities`: a provider account linked to a member, by the provider's stable id (`subject`:
 *   GitHub's numeric user id, Google's `sub`), never by email, so a changed address at the provider
 *   keeps the link. One identity per provider per member, and one member per provider account.
 * - `identity_states`: an authorization sent to a provider and not yet back. Only the SHA-256 of the
 *   `state` is kept (the browser holds the value in a short-lived cookie); the row carries the PKCE
 *   verifier and the OpenID nonce, and is deleted when the callback uses it, so a replayed callback
 *   finds nothing. `link_user_id` is set when a signed-in member links a provider from Settings.
 * - `identity_pending`: a provider identity the callback verified that still needs the member: a
 *   username to pick (the proposed one is taken), a password to link it to the existing account with
 *   its address, or the second factor of the account it signs into. Keyed by the SHA-256 of a token
 *   held in an HttpOnly cookie; used once.
 *
 * An account made through a provider has no password: its `password_hash` is the marker `!none`,
 * which no password verifies (server/src/lib/password.ts), until the member sets one.
 */
import { type Kysely, sql } from 'kysely'

const statements = [
  sql`CREATE TABLE user_identities (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider text NOT NULL CHECK (provider IN ('github', 'google')),
    subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 255),
    email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
    login text CHECK (char_length(login) <= 200),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX user_identities_subject_idx ON user_identities (provider, subject)`,
  sql`CREATE UNIQUE INDEX user_identities_user_provider_idx ON user_identities (user_id, provider)`,
  sql`CREATE TABLE identity_states (
    state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
    provider text NOT NULL CHECK (provider IN ('github', 'google')),
    code_verifier text NOT NULL CHECK (char_length(code_verifier) BETWEEN 43 AND 128),
    nonce text CHECK (char_length(nonce) <= 128),
    return_to text CHECK (char_length(return_to) <= 2048),
    link_user_id uuid REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  // Expired states are pruned whenever a new one is made.
  sql`CREATE INDEX identity_states_expiry_idx ON identity_states (expires_at)`,
  sql`CREATE TABLE identity_pending (
    token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    kind text NOT NULL CHECK (kind IN ('choose-username', 'link-account', 'sign-in')),
    provider text NOT NULL CHECK (provider IN ('github', 'google')),
    subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 255),
    email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
    login text CHECK (char_length(login) <= 200),
    proposed_username text NOT NULL CHECK (char_length(proposed_username) <= 30),
    user_id uuid REFERENCES users (id) ON DELETE CASCADE,
    return_to text CHECK (char_length(return_to) <= 2048),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  sql`CREATE INDEX identity_pending_expiry_idx ON identity_pending (expires_at)`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS identity_pending`.execute(db)
  await sql`DROP TABLE IF EXISTS identity_states`.execute(db)
  await sql`DROP TABLE IF EXISTS user_identities`.execute(db)
}
