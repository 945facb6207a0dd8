/**
 * Outgoing mail (issue 49). Frozen once released.
 *
 * - `mail_queue`: every mail is a row written in the transaction of the write that causes it, and a
 *   worker sends it after commit (server/src/modules/mail/worker.ts). A row names what to say (`kind`,
 *   `data`) rather than the rendered text, so a retry renders it again from the same data. `locked_until`
 *   is the lease of the instance sending it: two instances never send a row at once, and a row whose
 *   sender died is taken up again when the lease runs out.
 * - `email_tokens`: the single-use links of address verification and password reset, kept only as a
 *   SHA-256 of the token (the link carries the token itself).
 * - `mail_preferences`: a member's choices per kind of non-essential mail; no row means the defaults.
 * - `users.email_verified_at`: null until the member follows a verification link for their current address.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db)

  await sql`
    CREATE TABLE mail_queue (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 40),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      to_address text CHECK (to_address IS NULL OR char_length(to_address) <= 254),
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      subject text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      CHECK (user_id IS NOT NULL OR to_address IS NOT NULL)
    )`.execute(db)
  // What the worker claims: due rows still to send, oldest first.
  await sql`
    CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at)
    WHERE status IN ('queued', 'sending')`.execute(db)
  await sql`CREATE INDEX mail_queue_user_idx ON mail_queue (user_id, kind, created_at)`.execute(db)

  await sql`
    CREATE TABLE email_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db)
  await sql`CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose)`.execute(db)

  await sql`
    CREATE TABLE mail_preferences (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      replies text NOT NULL DEFAULT 'immediate' CHECK (replies IN ('immediate', 'daily', 'off')),
      mentions text NOT NULL DEFAULT 'immediate' CHECK (mentions IN ('immediate', 'daily', 'off')),
      applications boolean NOT NULL DEFAULT true,
      weekly_digest boolean NOT NULL DEFAULT false,
      last_daily_digest_at timestamptz,
      last_weekly_digest_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS mail_preferences`.execute(db)
  await sql`DROP TABLE IF EXISTS email_tokens`.execute(db)
  await sql`DROP TABLE IF EXISTS mail_queue`.execute(db)
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_verified_at`.execute(db)
}
