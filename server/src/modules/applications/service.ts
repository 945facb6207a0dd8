import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import {
  APPLICATION_DOC_CATEGORIES,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type ApplicationDocCategory,
  type UserApplicationResponse,
} from '../../contract/applications.ts'
import { hasControlCharacters, normalizeLineBreaks } from '../../contract/limits.ts'
import { MAIL_MESSAGES } from '../../contract/mail.ts'
import {
  MOD_MESSAGES,
  MOD_PAGE_SIZE,
  type ModApplication,
  type ModApplicationListResponse,
  type ModApplicationsQuery,
  type ModDecisionBody,
} from '../../contract/moderation.ts'
import { type EventDeps, withEvents } from '../../events/transaction.ts'
import { type AuthUser, hasAccess, isContributor } from '../../lib/access.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../../lib/errors.ts'
import { FILE_TYPES, sniffFileType } from '../../lib/file-type.ts'
import { reencodeImage } from '../../lib/images.ts'
import { checkPdfSafety } from '../../lib/pdf-safety.ts'
import { printableText } from '../../lib/printable-text.ts'
import { isUuid } from '../../lib/slug.ts'
import type { FileStore } from '../../lib/storage.ts'
import { hasVerifiedEmail } from '../accounts/repo.ts'
import { logModerationAction } from '../audit/log.ts'
import { queueApplicationDecisionMail } from '../mail/service.ts'
import { createNotification } from '../notifications/service.ts'
import { toModApplication, toUserApplication } from './presenter.ts'
import {
  findApplicationById,
  findLatestApplicationOf,
  findModApplication,
  hasOpenApplication,
  insertApplication,
  listModApplications,
  lockApplicant,
  promoteToContributor,
  updateApplicationDecision,
} from './repo.ts'

/** What the applications service needs: the database, the live hub and the private file store. */
export interface ApplicationsDeps extends EventDeps {
  files: FileStore
  /** Applying needs a verified address, except on a site that sends no mail (MAIL=off). */
  verifiedEmailRequired: boolean
}

/** Longest side of a re-encoded image document: enough to read a scanned ID card. */
export const DOCUMENT_IMAGE_MAX_SIDE = 2400
/** Longest stored document name, before its extension. */
const DOCUMENT_NAME_MAX = 120

export const APPLICATION_NOT_FOUND = 'Application not found'

/** The fields of the multipart form as the route read them; absent ones are undefined. */
export interface ApplicationUpload {
  document?: { bytes: Buffer; filename: string } | undefined
  /** True when the document passed the 10 MB limit (the route stopped reading it). */
  documentTooLarge?: boolean
  coverLetter?: string | undefined
  docCategory?: string | undefined
}

/**
 * Refuses a caller who may not apply now: contributors and moderators, and anyone with an
 * application under review (409; checked before the upload is read, and again by the unique index),
 * and, where `verifiedEmailRequired`, anyone whose address is not verified (403).
 */
export async function assertMayApply(
  deps: Pick<ApplicationsDeps, 'db' | 'verifiedEmailRequired'>,
  auth: AuthUser,
): Promise<void> {
  if (isContributor(auth.role)) throw new ConflictError(APPLICATION_MESSAGES.alreadyContributor)
  if (await hasOpenApplication(deps.db, auth.id))
    throw new ConflictError(APPLICATION_MESSAGES.alreadyReviewing)
  if (deps.verifiedEmailRequired && !(await hasVerifiedEmail(deps.db, auth.id))) {
    throw new ForbiddenError(MAIL_MESSAGES.verificationRequired)
  }
}

function checkDocCategory(raw: string): ApplicationDocCategory {
  const value = raw.trim()
  const found = APPLICATION_DOC_CATEGORIES.find((category) => category === value)
  if (!found) throw new InvalidError(APPLICATION_MESSAGES.invalidDocCategory, 'docCategory')
  return found
}

function checkCoverLetter(raw: string): string {
  const text = raw.trim()
  // Stored (and counted) with LF line breaks; checked as sent (contract/limits.ts).
  const stored = normalizeLineBreaks(text)
  const length = [...stored].length
  if (length < APPLICATION_LIMITS.coverLetterMinLength) {
    throw new InvalidError(APPLICATION_MESSAGES.coverLetterTooShort, 'coverLetter')
  }
  if (length > APPLICATION_LIMITS.coverLetterMaxLength) {
    throw new InvalidError(APPLICATION_MESSAGES.coverLetterTooLong, 'coverLetter')
  }
  if (hasControlCharacters(text, true)) {
    throw new InvalidError(APPLICATION_MESSAGES.coverLetterCharacters, 'coverLetter')
  }
  return stored
}

/**
 * The name the document is kept and offered under: the sent file's base name without control
 * characters, text-direction marks (`scan\u202Efdp.exe` would read as `scanexe.pdf`) or quotes, with the
 * extension of what was stored (a PNG named `scan.pdf` becomes `scan.png`).
 */
export function documentName(filename: string, ext: string): string {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const clean = printableText(base)
    .replace(/[\t\n"]/g, '')
    .trim()
  const stem = clean
    .replace(/\.[^.]*$/, '')
    .slice(0, DOCUMENT_NAME_MAX)
    .trim()
  return `${stem || 'document'}.${ext}`
}

/**
 * Checks the document by content and turns it into what is stored: images are re-encoded (metadata
 * and trailing payloads dropped), PDFs are kept as sent once they pass the active-content check.
 */
async function prepareDocument(
  bytes: Buffer,
): Promise<{ data: Uint8Array; ext: 'jpg' | 'png' | 'pdf'; mime: string }> {
  const type = sniffFileType(bytes)
  if (type === null) throw new UnsupportedMediaTypeError(APPLICATION_MESSAGES.invalidDocument)
  if (type === 'pdf') {
    if (!checkPdfSafety(bytes).safe) throw new InvalidError(APPLICATION_MESSAGES.unsafePdf, 'document')
    return { data: bytes, ext: 'pdf', mime: FILE_TYPES.pdf.mime }
  }
  try {
    const image = await reencodeImage(bytes, { maxSide: DOCUMENT_IMAGE_MAX_SIDE })
    return {
      data: image.data,
      ext: image.ext,
      mime: image.ext === 'png' ? FILE_TYPES.png.mime : FILE_TYPES.jpeg.mime,
    }
  } catch (error) {
    // The image helper words its 415 for avatars; the application form has its own message.
    if (error instanceof UnsupportedMediaTypeError) {
      throw new UnsupportedMediaTypeError(APPLICATION_MESSAGES.invalidDocument)
    }
    throw error
  }
}

/**
 * Submits a contributor application (docs/product-rules.md#applications). Validates in the order the form
 * shows the messages (missing field, size, category, cover letter, type, PDF safety), stores the
 * document privately, then inserts the row; `application.submitted` and an `application` activity
 * go to the moderators after commit. A failed insert removes the stored document again.
 */
export async function submitApplication(
  deps: ApplicationsDeps,
  auth: AuthUser,
  upload: ApplicationUpload,
): Promise<UserApplicationResponse> {
  await assertMayApply(deps, auth)
  if (upload.documentTooLarge) throw new PayloadTooLargeError(APPLICATION_MESSAGES.documentTooLarge)
  const document = upload.document
  if (
    !document ||
    document.bytes.length === 0 ||
    !upload.coverLetter?.trim() ||
    !upload.docCategory?.trim()
  ) {
    throw new InvalidError(APPLICATION_MESSAGES.missingFields)
  }
  if (document.bytes.length > APPLICATION_LIMITS.documentMaxBytes) {
    throw new PayloadTooLargeError(APPLICATION_MESSAGES.documentTooLarge)
  }
  const docCategory = checkDocCategory(upload.docCategory)
  const coverLetter = checkCoverLetter(upload.coverLetter)
  const prepared = await prepareDocument(document.bytes)

  const key = await deps.files.savePrivate(prepared.data, prepared.ext)
  try {
    const row = await withEvents(deps, async (trx, outbox) => {
      const inserted = await insertApplication(trx, {
        userId: auth.id,
        coverLetter,
        docCategory,
        documentKey: key,
        documentName: documentName(document.filename, prepared.ext),
        documentMime: prepared.mime,
        documentSize: prepared.data.byteLength,
      })
      outbox.raise('application.submitted', {
        applicationId: inserted.id,
        applicant: { id: auth.id, username: auth.username },
        docCategory,
        submittedAt: inserted.created_at,
      })
      return inserted
    })
    return toUserApplication(row)
  } catch (error) {
    await deps.files.removePrivate(key)
    // Two submissions raced past the pre-check: the partial unique index let one through.
    if (isUniqueViolation(error)) throw new ConflictError(APPLICATION_MESSAGES.alreadyReviewing)
    throw error
  }
}

/** The caller's latest application (`hasApplication: false` when there is none). */
export async function getUserApplication(
  db: Kysely<Database>,
  auth: AuthUser,
): Promise<UserApplicationResponse> {
  return toUserApplication(await findLatestApplicationOf(db, auth.id))
}

/** A stored document, ready to send. */
export interface ApplicationDocument {
  bytes: Buffer
  mime: string
  name: string
}

/**
 * The document of an application, for its applicant or a moderator. Anyone else gets the same 404
 * as for a missing application, so ids reveal nothing.
 */
export async function readApplicationDocument(
  deps: ApplicationsDeps,
  auth: AuthUser,
  id: string,
): Promise<ApplicationDocument> {
  if (!isUuid(id)) throw new NotFoundError(APPLICATION_NOT_FOUND)
  const row = await findApplicationById(deps.db, id)
  if (!row || (row.user_id !== auth.id && !hasAccess(auth.role, 'moderator'))) {
    throw new NotFoundError(APPLICATION_NOT_FOUND)
  }
  let bytes: Buffer
  try {
    bytes = await deps.files.readPrivate(row.document_key)
  } catch {
    // The row outlived its file (a restored database without the data directory).
    throw new NotFoundError('Document not found')
  }
  return { bytes, mime: row.document_mime, name: row.document_name }
}

/**
 * The moderators' queue (`status` filters; pending first, oldest pending first). `liveId` of `mod`
 * is read before the query so no submission between the two is lost.
 */
export async function listApplicationsForReview(
  deps: ApplicationsDeps,
  query: ModApplicationsQuery,
): Promise<ModApplicationListResponse> {
  const page = query.page ?? 1
  const liveId = await deps.live.currentId('mod')
  const { rows, total } = await listModApplications(deps.db, {
    ...(query.status ? { status: query.status } : {}),
    limit: MOD_PAGE_SIZE,
    offset: (page - 1) * MOD_PAGE_SIZE,
  })
  return {
    applications: rows.map(toModApplication),
    pagination: { page, pageSize: MOD_PAGE_SIZE, total, totalPages: Math.ceil(total / MOD_PAGE_SIZE) },
    liveId,
  }
}

const NOTIFICATION_TEXT = {
  accepted: 'Your contributor application was accepted. You can now create posts.',
  rejected: 'Your contributor application was not accepted. See the reviewer’s message.',
} as const

/**
 * Accepts or rejects an application under review (moderators). The application row is locked first,
 * so of two moderators deciding at once one wins and the other gets 409. In the same transaction:
 * the decision, the applicant's promotion to contributor on accept (a moderator stays moderator),
 * a notification, and the audit log; raises `application.decided`.
 */
export async function decideApplication(
  deps: ApplicationsDeps,
  auth: AuthUser,
  id: string,
  body: ModDecisionBody,
): Promise<ModApplication> {
  const typed = body.message?.trim() ?? ''
  // Stored with LF line breaks; checked as sent (contract/limits.ts).
  const message = normalizeLineBreaks(typed)
  if (body.decision === 'reject' && message === '') {
    throw new InvalidError(MOD_MESSAGES.rejectMessageRequired, 'message')
  }
  if ([...message].length > APPLICATION_LIMITS.reviewMessageMaxLength) {
    throw new InvalidError(MOD_MESSAGES.reviewMessageTooLong, 'message')
  }
  if (hasControlCharacters(typed, true)) {
    throw new InvalidError(MOD_MESSAGES.reviewMessageCharacters, 'message')
  }
  if (!isUuid(id)) throw new NotFoundError(APPLICATION_NOT_FOUND)
  const status = body.decision === 'accept' ? 'accepted' : 'rejected'

  return withEvents(deps, async (trx, outbox) => {
    const application = await findApplicationById(trx, id, true)
    if (!application) throw new NotFoundError(APPLICATION_NOT_FOUND)
    if (application.status !== 'reviewing') throw new ConflictError(MOD_MESSAGES.alreadyReviewed)
    const applicant = await lockApplicant(trx, application.user_id)
    if (!applicant) throw new NotFoundError(APPLICATION_NOT_FOUND)

    await updateApplicationDecision(trx, id, { status, message: message || null, reviewerId: auth.id })
    const promoted = status === 'accepted' && applicant.role === 'member'
    if (promoted) await promoteToContributor(trx, applicant.id)
    const role = promoted ? 'contributor' : applicant.role

    await createNotification(trx, outbox, {
      userId: applicant.id,
      kind: 'application',
      text: NOTIFICATION_TEXT[status],
      link: '/application',
      subjectId: id,
    })
    await queueApplicationDecisionMail(trx, { userId: applicant.id, status, message })
    outbox.raise('application.decided', {
      applicationId: id,
      applicantId: applicant.id,
      status,
      message,
      role,
    })
    await logModerationAction(trx, outbox, {
      moderatorId: auth.id,
      moderatorName: auth.username,
      action: `application.${status}`,
      subjectType: 'application',
      subjectId: id,
      subjectTitle: `${applicant.username}'s application`,
      reason: message,
    })
    const row = await findModApplication(trx, id)
    if (!row) throw new Error(`application ${id} vanished inside its own transaction`)
    return toModApplication(row)
  })
}
