import { createReadStream, type ReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Type } from 'typebox'
import { ErrorResponse } from '../../contract/common.ts'
import { AccountExport, DeleteAccountBody, DeleteAccountResponse } from '../../contract/leaving.ts'
import { AFTER_WRITES_PLUGIN } from '../../events/dispatcher.ts'
import { requireAuth } from '../../infra/auth.ts'
import { modulePlugin } from '../../infra/module-plugin.ts'
import { InvalidError } from '../../lib/errors.ts'
import { writeAccountExportFile } from './export.ts'
import { deleteAccount, type LeavingDeps } from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse }
/** The export's answer: the document's schema for the OpenAPI description, sent as a file stream. */
const ExportFile = Type.Unsafe<ReadStream>(AccountExport)
const tags = ['users']

/**
 * Wrong passwords of a deletion are counted with the password change's (same budgets, per user):
 * both are someone with a session guessing the password it lacks, and sharing the count keeps one from
 * doubling the guesses of the other.
 */
const passwordCheck = (userId: string) => ({ kind: 'password-change', userId }) as const

/** Leaving the site (docs/product-rules.md#leaving): the member's export and account deletion. */
export const leavingRoutes = modulePlugin('leaving', [AFTER_WRITES_PLUGIN], async (app) => {
  const deps: LeavingDeps = { db: app.db, live: app.live, events: app.domainEvents, files: app.files }

  app.get(
    '/api/users/me/export',
    {
      config: { access: 'member', tokenScope: 'read' },
      schema: {
        tags,
        summary: 'Everything you made, as one JSON file to download (your email only with a session)',
        response: { 200: ExportFile, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
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
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${written.filename}"`)
        .header('content-length', written.bytes)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file)
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
          'Delete your account, confirmed with your password; your posts and comments are kept under "deleted member" or removed',
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
      await app.loginFailures.assertAllowed(request, passwordCheck(auth.id))
      try {
        return await deleteAccount(deps, auth, request.body)
      } catch (error) {
        if (error instanceof InvalidError && error.field === 'password') {
          await app.loginFailures.recordFailure(request, passwordCheck(auth.id))
        }
        throw error
      }
    },
  )
})
