import { rename, rm } from 'node:fs/promises'
import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { EXPORT_DOWNLOAD_DAYS } from '../../contract/leaving.ts'
import { type Batch, startBatch } from '../../lib/batch.ts'
import { queueExportReadyMail } from '../mail/service.ts'
import { writeAccountExportFile } from './export.ts'
import { type ExportFiles, exportNameOf } from './export-files.ts'
import {
  type ClaimedExportJob,
  claimDueJob,
  expireDueJobs,
  failJob,
  findLiveFileNames,
  hasDueJob,
  markJobReady,
  pruneOldJobs,
  retryJobLater,
} from './export-jobs-repo.ts'

/** How often every instance looks for due exports (one index probe when there is none). */
export const EXPORT_POLL_MS = 5000
/** How long a claimed export is this instance's to build; past it, another instance takes it up. */
export const EXPORT_LEASE_MS = 15 * 60_000
/** Waits after the 1st, 2nd… failed attempt; past the last, the job is marked failed. */
export const EXPORT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000]
/** How often expired files are deleted and old job rows pruned. */
export const EXPORT_SWEEP_MS = 10 * 60_000
/** Failed and expired jobs are listed (Settings says so) for this long, then their rows go. */
const JOB_ROWS_KEPT_DAYS = 30

/** The logger the worker reports to. */
interface WorkerLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** The background exports' builder (see {@link startExportWorker}). */
export interface ExportWorker {
  /** Looks for due exports now (after a request queued one), without waiting. */
  poke(): void
  /** Builds every due export and runs the sweep now, resolving when done (tests, shutdown). */
  flush(): Promise<void>
  /** Deletes the files of expired exports and any file no job needs, now. */
  sweep(): Promise<void>
  close(): Promise<void>
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}

/**
 * Builds the exports queued in export_jobs, like the mail worker sends mail_queue: every instance
 * polls and claims one due job at a time under a lease (`FOR UPDATE SKIP LOCKED`), so a job is built
 * by one instance, and one whose builder died (a restart mid-write) is built again once its lease runs
 * out. The file is written as `<name>.part` and renamed when complete, so a ready job always has a
 * whole file. Marking it ready and queueing the mail with its link is one transaction: the link is
 * mailed exactly when the file can be downloaded. A second loop deletes expired files, and files of
 * jobs that are gone (a deleted account), and prunes old rows.
 */
export function startExportWorker(deps: {
  db: Kysely<Database>
  files: ExportFiles
  origin: string
  log: WorkerLog
  /** Called once a ready mail is queued (the mail worker's poke). */
  mailQueued: () => void
}): ExportWorker {
  const { db, files, log } = deps

  async function buildOne(job: ClaimedExportJob): Promise<void> {
    const part = files.partPathOf(job.file_name)
    try {
      await files.ensureDir()
      // Background exports go to the member's own session (download route), so they hold the email.
      const written = await writeAccountExportFile(
        { db, origin: deps.origin },
        { userId: job.user_id, includeEmail: true },
        part,
      )
      await rename(part, files.pathOf(job.file_name))
      const queued = await db.transaction().execute(async (trx) => {
        const ready = await markJobReady(
          trx,
          job,
          { downloadName: written.filename, bytes: written.bytes },
          EXPORT_DOWNLOAD_DAYS,
        )
        if (!ready?.expires_at) return false
        await queueExportReadyMail(trx, job.user_id, {
          expiresAt: ready.expires_at,
          bytes: written.bytes,
          filename: written.filename,
        })
        return true
      })
      if (queued) deps.mailQueued()
    } catch (error) {
      // The folder itself may be what failed: a leftover the cleanup cannot reach is the sweep's.
      await rm(part, { force: true }).catch(() => undefined)
      const delay = EXPORT_RETRY_DELAYS_MS[job.attempts - 1]
      if (delay === undefined) {
        log.error({ err: error, exportJobId: job.id }, 'export failed; not retried')
        await files.remove(job.file_name).catch(() => undefined)
        return failJob(db, job, describe(error))
      }
      log.warn({ err: error, exportJobId: job.id, attempt: job.attempts }, 'export failed; retried later')
      await retryJobLater(db, job, new Date(Date.now() + delay), describe(error))
    }
  }

  const builds: Batch = startBatch({
    async run() {
      if (!(await hasDueJob(db))) return
      for (;;) {
        const job = await claimDueJob(db, EXPORT_LEASE_MS, files.newName)
        if (!job) return
        await buildOne(job)
      }
    },
    delayMs: 0,
    everyMs: EXPORT_POLL_MS,
    runAtStart: true,
    onError: (error) => log.error({ err: error }, 'export worker round failed'),
  })

  async function sweepFiles(): Promise<void> {
    for (const name of await expireDueJobs(db)) await files.remove(name)
    // Listed before the live names are read: a file made after the listing is not in it, and every
    // file in it was named by its job (at the claim) before it was written.
    const entries = await files.list()
    const live = await findLiveFileNames(db)
    for (const entry of entries) {
      const name = exportNameOf(entry)
      if (name && !live.has(name)) await files.remove(name)
    }
    await pruneOldJobs(db, JOB_ROWS_KEPT_DAYS)
  }

  const sweeps: Batch = startBatch({
    run: sweepFiles,
    delayMs: 0,
    everyMs: EXPORT_SWEEP_MS,
    runAtStart: true,
    onError: (error) => log.error({ err: error }, 'export sweep failed'),
  })

  return {
    poke: () => builds.poke(),
    async flush() {
      await builds.flush()
      await sweeps.flush()
    },
    sweep: () => sweeps.flush(),
    async close() {
      await Promise.all([builds.close(), sweeps.close()])
    },
  }
}
