import { stat } from 'node:fs/promises'
import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { type ExportJob, type LatestExport, LEAVING_MESSAGES } from '../../contract/leaving.ts'
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.ts'
import type { ExportFiles } from './export-files.ts'
import {
  type ExportJobRow,
  findLatestJob,
  findOwnJob,
  hasMoreExportRowsThan,
  insertOrFindPendingJob,
} from './export-jobs-repo.ts'

/*
 * A large member's export, prepared in the background (docs/product-rules.md#leaving): asking for it
 * queues a job (one per member at a time) and answers 202; the worker (export-worker.ts) writes the
 * file under DATA_DIR/exports and mails a link to Settings → Account, where the member who asked
 * downloads it, signed in, until it expires.
 */

/**
 * Rows (posts, comments, votes and saves together) above which an export is prepared in the
 * background, unless EXPORT_BACKGROUND_ROWS says otherwise. About 2 MB of JSON: more than that is
 * seconds of a database snapshot and a download worth not holding a request open for.
 */
export const EXPORT_BACKGROUND_ROWS = 5000

/** What the background exports need: the database, the exports folder and the row threshold. */
export interface ExportJobDeps {
  db: Kysely<Database>
  files: ExportFiles
  backgroundRows: number
}

/** A job as the member sees it. */
export function toExportJob(row: ExportJobRow): ExportJob {
  const state =
    row.status === 'queued' || row.status === 'building'
      ? 'preparing'
      : row.status === 'ready' && row.expires_at && row.expires_at.getTime() <= Date.now()
        ? 'expired'
        : row.status
  const ready = state === 'ready'
  return {
    _id: row.id,
    state,
    requestedAt: row.created_at.toISOString(),
    readyAt: row.ready_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    bytes: ready && row.bytes !== null ? Number(row.bytes) : null,
    filename: ready ? row.download_name : null,
  }
}

/** Whether the member's export is too large to answer at once. */
export function isLargeExport(deps: ExportJobDeps, userId: string): Promise<boolean> {
  return hasMoreExportRowsThan(deps.db, userId, deps.backgroundRows)
}

/**
 * Queues the member's export in the background, or answers the one already waiting or being built
 * (asking twice mails one link). `created` says whether a new job was made (the caller pokes the worker).
 */
export async function queueExport(
  deps: ExportJobDeps,
  userId: string,
): Promise<{ job: ExportJob; created: boolean }> {
  const { job, created } = await insertOrFindPendingJob(deps.db, userId)
  return { job: toExportJob(job), created }
}

/** The member's latest background export, and whether one asked for now would be prepared so. */
export async function getLatestExport(deps: ExportJobDeps, userId: string): Promise<LatestExport> {
  const [row, inBackground] = await Promise.all([findLatestJob(deps.db, userId), isLargeExport(deps, userId)])
  return { job: row ? toExportJob(row) : null, inBackground }
}

/** A ready export's file, for the download route to stream. */
export interface ExportDownload {
  path: string
  filename: string
  bytes: number
}

/**
 * The file of one of the member's ready exports. 404 for an id that is not theirs (as for one that
 * does not exist), 409 while it is prepared, 410 once expired (or failed: there is no file).
 */
export async function openExportDownload(
  deps: ExportJobDeps,
  userId: string,
  id: string,
): Promise<ExportDownload> {
  const row = await findOwnJob(deps.db, userId, id)
  if (!row) throw new NotFoundError(LEAVING_MESSAGES.exportNotFound)
  const job = toExportJob(row)
  if (job.state === 'preparing') throw new ConflictError(LEAVING_MESSAGES.exportNotReady)
  if (job.state !== 'ready' || !row.file_name) throw new AppError(410, LEAVING_MESSAGES.exportExpired)
  const path = deps.files.pathOf(row.file_name)
  // The size on disk, not the one recorded: a file that went missing is as good as expired.
  const size = await stat(path).then(
    (info) => info.size,
    () => undefined,
  )
  if (size === undefined) throw new AppError(410, LEAVING_MESSAGES.exportExpired)
  return { path, filename: row.download_name ?? 'bashboard-export.json', bytes: size }
}
