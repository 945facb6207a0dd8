/**
 * Exports prepared in the background (issue 49). Frozen once released.
 *
 * - `export_jobs`: a member's export too large to answer at once (docs/product-rules.md#leaving). A
 *   worker builds the file under DATA_DIR/exports/<file_name> (a random name, never served from
 *   /uploads) and mails a link; `locked_until` is the lease of the instance building it, as in
 *   `mail_queue`, so a job whose builder died is taken up again. `expires_at` is when the file is
 *   deleted. At most one job per member waits or builds at a time (the partial unique index).
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE export_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'building', 'ready', 'failed', 'expired')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      file_name text UNIQUE CHECK (file_name IS NULL OR file_name ~ '^[A-Za-z0-9_-]{20,100}\\.json$'),
      download_name text CHECK (download_name IS NULL OR char_length(download_name) <= 200),
      bytes bigint CHECK (bytes IS NULL OR bytes >= 0),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz,
      CHECK (status <> 'ready' OR (file_name IS NOT NULL AND expires_at IS NOT NULL))
    )`.execute(db)
  await sql`
    CREATE UNIQUE INDEX export_jobs_pending_idx ON export_jobs (user_id)
    WHERE status IN ('queued', 'building')`.execute(db)
  // What the worker claims (due jobs) and what it expires (ready files past their date).
  await sql`
    CREATE INDEX export_jobs_due_idx ON export_jobs (next_attempt_at)
    WHERE status IN ('queued', 'building')`.execute(db)
  await sql`CREATE INDEX export_jobs_expiry_idx ON export_jobs (expires_at) WHERE status = 'ready'`.execute(
    db,
  )
  await sql`CREATE INDEX export_jobs_user_idx ON export_jobs (user_id, created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS export_jobs`.execute(db)
}
