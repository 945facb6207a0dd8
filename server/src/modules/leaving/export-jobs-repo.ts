import type { Database, ExportJobsTable } from '@bashboard/db'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'

// Every query of the background exports (export-jobs.ts, export-worker.ts): the member's jobs, and the
// worker's claims, outcomes and expiry. The lease pattern is the mail queue's (modules/mail/repo.ts).

type Executor = Kysely<Database> | Transaction<Database>
export type ExportJobRow = Selectable<ExportJobsTable>

/**
 * Whether the member has more than `limit` rows of posts, comments, votes and saves together. Each
 * count stops at `limit + 1`, so a member with a million votes costs no more than one at the limit.
 */
export async function hasMoreExportRowsThan(db: Executor, userId: string, limit: number): Promise<boolean> {
  const cap = limit + 1
  const { rows } = await sql<{ n: number }>`
    SELECT (
      (SELECT count(*) FROM (SELECT 1 FROM posts WHERE author_id = ${userId} LIMIT ${cap}) p)
      + (SELECT count(*) FROM (SELECT 1 FROM comments WHERE author_id = ${userId} LIMIT ${cap}) c)
      + (SELECT count(*) FROM (SELECT 1 FROM votes WHERE user_id = ${userId} LIMIT ${cap}) v)
      + (SELECT count(*) FROM (SELECT 1 FROM saves WHERE user_id = ${userId} LIMIT ${cap}) s)
    )::int AS n`.execute(db)
  return (rows[0]?.n ?? 0) > limit
}

/**
 * The member's waiting or building job, made now when there is none. The partial unique index keeps
 * it one per member, so two requests at once share a job; `created` says whether this call made it.
 */
export async function insertOrFindPendingJob(
  db: Kysely<Database>,
  userId: string,
): Promise<{ job: ExportJobRow; created: boolean }> {
  const inserted = await sql<ExportJobRow>`
    INSERT INTO export_jobs (user_id) VALUES (${userId})
    ON CONFLICT (user_id) WHERE status IN ('queued', 'building') DO NOTHING
    RETURNING *`.execute(db)
  const made = inserted.rows[0]
  if (made) return { job: made, created: true }
  const pending = await db
    .selectFrom('export_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'building'])
    .executeTakeFirst()
  // Finished between the two statements: ask again (at most once more, it is now not pending).
  return pending ? { job: pending, created: false } : insertOrFindPendingJob(db, userId)
}

/** The member's most recent job, or undefined. */
export function findLatestJob(db: Executor, userId: string): Promise<ExportJobRow | undefined> {
  return db
    .selectFrom('export_jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** One of the member's jobs by id: never another member's. */
export function findOwnJob(db: Executor, userId: string, id: string): Promise<ExportJobRow | undefined> {
  return db
    .selectFrom('export_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** A job as the worker builds it, with the name it is given. */
export interface ClaimedExportJob {
  id: string
  user_id: string
  attempts: number
  file_name: string
}

/**
 * Claims one due job for `leaseMs` (`FOR UPDATE SKIP LOCKED`: two instances never take the same one;
 * a job whose builder died, an expired lease on `building`, is taken again). Its file name is chosen
 * at the first claim and kept, so a retry overwrites what a dead attempt left.
 */
export async function claimDueJob(
  db: Kysely<Database>,
  leaseMs: number,
  newName: () => string,
): Promise<ClaimedExportJob | undefined> {
  const { rows } = await sql<ClaimedExportJob>`
    WITH due AS (
      SELECT id FROM export_jobs
      WHERE status IN ('queued', 'building') AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE export_jobs j
    SET status = 'building', attempts = j.attempts + 1,
        locked_until = now() + ${leaseMs} * interval '1 millisecond',
        file_name = coalesce(j.file_name, ${newName()})
    FROM due WHERE j.id = due.id
    RETURNING j.id, j.user_id, j.attempts, j.file_name`.execute(db)
  return rows[0]
}

/** Whether any job is due (one index probe), so an idle worker costs almost nothing. */
export async function hasDueJob(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('export_jobs')
    .select('id')
    .where('status', 'in', ['queued', 'building'])
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Marks a claimed job ready until `validDays` from now, if this attempt still holds it (its lease was
 * not taken over); answers the row when it did.
 */
export function markJobReady(
  trx: Transaction<Database>,
  job: ClaimedExportJob,
  file: { downloadName: string; bytes: number },
  validDays: number,
) {
  return trx
    .updateTable('export_jobs')
    .set({
      status: 'ready',
      locked_until: null,
      download_name: file.downloadName,
      bytes: file.bytes,
      last_error: null,
      ready_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + ${validDays} * interval '1 day'`,
    })
    .where('id', '=', job.id)
    .where('status', '=', 'building')
    .where('attempts', '=', job.attempts)
    .returning(['id', 'expires_at', 'bytes', 'download_name'])
    .executeTakeFirst()
}

/** Puts a job back after a failed attempt, to be tried at `retryAt`. */
export async function retryJobLater(
  db: Kysely<Database>,
  job: ClaimedExportJob,
  retryAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set({ status: 'queued', next_attempt_at: retryAt, locked_until: null, last_error: error })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute()
}

/** Gives a job up after its last attempt. */
export async function failJob(db: Kysely<Database>, job: ClaimedExportJob, error: string): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set({ status: 'failed', locked_until: null, last_error: error })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute()
}

/** Marks ready jobs past their date expired; answers their file names, for the files to be deleted. */
export async function expireDueJobs(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .updateTable('export_jobs')
    .set({ status: 'expired' })
    .where('status', '=', 'ready')
    .where('expires_at', '<=', sql<Date>`now()`)
    .returning('file_name')
    .execute()
  return rows.flatMap((row) => (row.file_name ? [row.file_name] : []))
}

/** The file names still needed: those of jobs waiting, building or ready. */
export async function findLiveFileNames(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('export_jobs')
    .select('file_name')
    .where('status', 'in', ['queued', 'building', 'ready'])
    .where('file_name', 'is not', null)
    .execute()
  return new Set(rows.flatMap((row) => (row.file_name ? [row.file_name] : [])))
}

/** The file names of a member's jobs (read in their account's deletion, deleted after its commit). */
export async function findFileNamesOf(trx: Executor, userId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('export_jobs')
    .select('file_name')
    .where('user_id', '=', userId)
    .where('file_name', 'is not', null)
    .execute()
  return rows.flatMap((row) => (row.file_name ? [row.file_name] : []))
}

/** Drops the rows of jobs that failed or expired more than `days` ago (their files are gone). */
export async function pruneOldJobs(db: Kysely<Database>, days: number): Promise<void> {
  await db
    .deleteFrom('export_jobs')
    .where('status', 'in', ['failed', 'expired'])
    .where('created_at', '<', sql<Date>`now() - ${days} * interval '1 day'`)
    .execute()
}
