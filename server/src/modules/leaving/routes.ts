import { createReadStream, type ReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Type } from 'typebox'
import { ErrorResponse, Id } from '../../contract/common.ts'
import {
  AccountExport,
  DeleteAccountBody,
  DeleteAccountResponse,
  ExportQueued,
  LatestExport,
  LEAVING_MESSAGES,
} from '../../contract/leaving.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { InvalidError } from '../../lib/errors.ts'
import { codeFailuresOf } from '../second-factor/failures.ts'
import { totpSecretKey } from '../second-factor/service.ts'
import { writeAccountExportFile } from './export.ts'
import { exportFiles } from './export-files.ts'
import {
  EXPORT_BACKGROUND_ROWS,
  type ExportJobDeps,
  getLatestExport,
  isLargeExport,
  openExportDownload,
  queueExport,
} from './export-jobs.ts'
import { exportRequestLimit } from './export-limit.ts'
import { deleteAccount, type LeavingDeps } from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }
/** The export's answer: the document's schema for the OpenAPI description, sent as a file stream. */
const ExportFile = Type.Unsafe<ReadStream>(AccountExport)
const tags = ['users']
const JobParams = Type.Object({ id: Id })

/**
 * Wrong passwords of a deletion are counted with the password change's (same budgets, per user):
 * both are someone with a session guessing the password it lacks, and sharing the count keeps one from
 * doubling the guesses of the other. Wrong codes count with the second factor's (its failures.ts).
 */
const passwordCheck = (userId: string) => ({ kind: 'password-change', userId }) as const

/** Headers of every export download: a private attachment, never sniffed, never cached. */
const downloadHeaders = (filename: string, bytes: number) => ({
  'content-type': 'application/json; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
  'content-length': bytes,
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
})

/** Leaving the site (docs/product-rules.md#leaving): the member's export and account deletion. */
export const leavingRoutes = modulePlugin('leaving', [AFTER_WRITES_PLUGIN], async (app) => {
  const files = exportFiles(app.config.dataDir)
  const secondFactor = { db: app.db, secretKey: totpSecretKey(app.config.jwtSecret) }
  const deps: LeavingDeps = {
    db: app.db,
    live: app.live,
    events: app.domainEvents,
    files: app.files,
    exports: files,
    secondFactor,
  }
  const jobs: ExportJobDeps = {
    db: app.db,
    files,
    backgroundRows: app.config.exportBackgroundRows ?? EXPORT_BACKGROUND_ROWS,
  }
  const limitExports = exportRequestLimit(app)

  /** Queues the member's export in the background and answers 202 with it. */
  async function queued(userId: string) {
    const { job, created } = await queueExport(jobs, userId)
    if (created) app.exportWorker.poke()
    return { job, message: LEAVING_MESSAGES.exportQueued }
  }

  app.get(
    '/api/users/me/export',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        tags,
        summary:
          'Everything you made, as one JSON file to download (your email only with a session); a large account answers 202 and mails a link',
        response: { 200: ExportFile, 202: ExportQueued, 429: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      await limitExports(request, auth.id)
      if (await isLargeExport(jobs, auth.id)) return reply.status(202).send(await queued(auth.id))
      // Written to a file first, so the snapshot's transaction lasts as long as the database takes,
      // not as long as a slow client takes to download; then streamed from it and removed.
      const dir = await mkdtemp(join(tmpdir(), 'bashboard-export-'))
      const path = join(dir, 'export.json')
      let written: Awaited<ReturnType<typeof writeAccountExportFile>>
      try {
        written = await writeAccountExportFile(
          { db: app.db, origin: app.config.publicOrigin },
          { userId: auth.id, includeEmail: auth.accessToken === undefined },
          path,
        )
      } catch (error) {
        await rm(dir, { recursive: true, force: true })
        throw error
      }
      const file = createReadStream(path)
      file.once('close', () => void rm(dir, { recursive: true, force: true }))
      return reply.headers(downloadHeaders(written.filename, written.bytes)).send(file)
    },
  )

  app.post(
    '/api/users/me/export/jobs',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Prepare your data in the background and mail a link when it is ready',
        response: { 202: ExportQueued, 429: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      await limitExports(request, auth.id)
      return reply.status(202).send(await queued(auth.id))
    },
  )

  app.get(
    '/api/users/me/export/latest',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Your latest export prepared in the background, and whether one asked for now would be prepared so',
        response: { 200: LatestExport, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await getLatestExport(jobs, requireAuth(request).id)
      return reply.header('cache-control', 'private, no-store').send(answer)
    },
  )

  app.get(
    '/api/users/me/export/:id/download',
    {
      // A session only: the file holds the email, which no answer to a token does.
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Download an export prepared in the background (yours only, until it expires)',
        params: JobParams,
        response: {
          200: ExportFile,
          404: ErrorResponse,
          409: ErrorResponse,
          410: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const download = await openExportDownload(jobs, requireAuth(request).id, request.params.id)
      return reply
        .headers(downloadHeaders(download.filename, download.bytes))
        .send(createReadStream(download.path))
    },
  )

  app.delete(
    '/api/users/me',
    {
      // No tokenScope: a personal access token can never delete the account it belongs to.
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Delete your account, confirmed with your password or a second-factor code; your posts and comments are kept under "deleted member" or removed',
        body: DeleteAccountBody,
        response: {
          200: DeleteAccountResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const withPassword = request.body.password !== undefined
      if (withPassword) await app.loginFailures.assertAllowed(request, passwordCheck(auth.id))
      try {
        return await deleteAccount(
          deps,
          auth,
          request.body,
          codeFailuresOf(app.loginFailures, request, auth.id),
        )
      } catch (error) {
        if (withPassword && error instanceof InvalidError && error.field === 'password') {
          await app.loginFailures.recordFailure(request, passwordCheck(auth.id))
        }
        throw error
      }
    },
  )
})
