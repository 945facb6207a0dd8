import type { MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import {
  APPLICATION_FORM_FIELDS,
  APPLICATION_LIMITS,
  ApplicationIdParams,
  UserApplicationResponse,
} from '../../contract/applications.ts'
import { ErrorResponse } from '../../contract/common.ts'
import {
  ModApplicationListResponse,
  ModApplicationsQuery,
  ModDecisionBody,
  ModDecisionResponse,
} from '../../contract/moderation.ts'
import { requireAuth } from '../../infra/auth.ts'
import { UnsupportedMediaTypeError } from '../../lib/errors.ts'
import {
  type ApplicationsDeps,
  type ApplicationUpload,
  assertMayApply,
  decideApplication,
  getUserApplication,
  listApplicationsForReview,
  readApplicationDocument,
  submitApplication,
} from './service.ts'

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse }

/** Whether a multipart error is busboy's "file over the size limit". */
function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
}

async function readPart(part: MultipartFile): Promise<Buffer | 'too-large'> {
  try {
    const bytes = await part.toBuffer()
    return part.file.truncated ? 'too-large' : bytes
  } catch (error) {
    if (isFileTooLarge(error)) return 'too-large'
    throw error
  }
}

/**
 * Reads the application form. Reading stops at an oversized document (the rest of the body is
 * discarded); other file fields are drained and ignored; unknown text fields are ignored.
 */
async function readApplicationForm(request: FastifyRequest): Promise<ApplicationUpload> {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaTypeError('Send the application as multipart/form-data')
  }
  const form: ApplicationUpload = {}
  const parts = request.parts({ limits: { fileSize: APPLICATION_LIMITS.documentMaxBytes, files: 1 } })
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== APPLICATION_FORM_FIELDS.document) {
        part.file.resume()
        continue
      }
      const bytes = await readPart(part)
      if (bytes === 'too-large') return { documentTooLarge: true }
      form.document = { bytes, filename: part.filename }
    } else if (typeof part.value === 'string') {
      if (part.fieldname === APPLICATION_FORM_FIELDS.coverLetter) form.coverLetter = part.value
      if (part.fieldname === APPLICATION_FORM_FIELDS.docCategory) form.docCategory = part.value
    }
  }
  return form
}

/** `attachment` with a plain-ASCII name and the exact UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** Contributor applications: the applicant's side and the moderators' queue and decisions. */
export const applicationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps: ApplicationsDeps = {
    db: app.db,
    live: app.live,
    events: app.domainEvents,
    files: app.files,
    verifiedEmailRequired: app.config.mail.mode !== 'off',
  }

  app.post(
    '/api/applications/create',
    {
      config: { access: 'member' },
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          201: UserApplicationResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      // Refuse before reading up to 10 MB that could never be accepted.
      await assertMayApply(deps, auth)
      const form = await readApplicationForm(request)
      return reply.status(201).send(await submitApplication(deps, auth, form))
    },
  )

  app.get(
    '/api/applications/user',
    {
      config: { access: 'member' },
      schema: { response: { 200: UserApplicationResponse, ...errors } },
    },
    async (request) => getUserApplication(app.db, requireAuth(request)),
  )

  app.get(
    '/api/applications/:id/document',
    {
      config: { access: 'member' },
      schema: {
        params: ApplicationIdParams,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The document bytes' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const document = await readApplicationDocument(deps, requireAuth(request), request.params.id)
      return reply
        .header('content-type', document.mime)
        .header('content-disposition', contentDisposition(document.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(document.bytes)
    },
  )

  app.get(
    '/api/mod/applications',
    {
      config: { access: 'moderator' },
      schema: { querystring: ModApplicationsQuery, response: { 200: ModApplicationListResponse, ...errors } },
    },
    async (request) => listApplicationsForReview(deps, request.query),
  )

  app.post(
    '/api/mod/applications/:id/decision',
    {
      config: { access: 'moderator' },
      schema: {
        params: ApplicationIdParams,
        body: ModDecisionBody,
        response: { 200: ModDecisionResponse, 409: ErrorResponse, 422: ErrorResponse, ...errors },
      },
    },
    async (request) => ({
      application: await decideApplication(deps, requireAuth(request), request.params.id, request.body),
    }),
  )
}
