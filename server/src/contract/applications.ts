import { type Static, Type } from 'typebox'
import { Id, IdParams, NullableDateTime } from './common.ts'

/*
 * Contributor applications (SEED-SPEC §2 Application, DESIGN §4): a member sends a private document
 * and a cover letter; a moderator accepts or rejects it. The create call is multipart, so its fields
 * are described by constants here rather than a JSON body schema.
 */

/** The five document categories, in the order the form lists them. */
export const APPLICATION_DOC_CATEGORIES = [
  'Driving License',
  'Passport',
  'NID',
  'Birth Certificate',
  'Others',
] as const

/** One of `APPLICATION_DOC_CATEGORIES`. */
export const ApplicationDocCategory = Type.Union([
  Type.Literal('Driving License'),
  Type.Literal('Passport'),
  Type.Literal('NID'),
  Type.Literal('Birth Certificate'),
  Type.Literal('Others'),
])
export type ApplicationDocCategory = Static<typeof ApplicationDocCategory>

/** Limits checked by the server (and mirrored by the form). The cover letter is counted trimmed. */
export const APPLICATION_LIMITS = {
  documentMaxBytes: 10 * 1024 * 1024,
  coverLetterMinLength: 50,
  coverLetterMaxLength: 5000,
  /** Longest reviewer message (required when rejecting). */
  reviewMessageMaxLength: 1000,
} as const

/** MIME types a stored document can have (images are re-encoded; PDFs are kept as sent). */
export const APPLICATION_DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const

/**
 * The exact error texts of the create call, as the API answers them (`message`) and as the form
 * shows them. SEED-SPEC §5 gives the first three.
 */
export const APPLICATION_MESSAGES = {
  /** 422: a field is missing or empty. */
  missingFields: 'Please fill in all required fields',
  /** 415: the document is not a JPEG, PNG or PDF by content. */
  invalidDocument: 'Please upload a valid document (JPEG, JPG, PNG, or PDF)',
  /** 413: the document is over 10 MB. */
  documentTooLarge: 'Document must be smaller than 10MB',
  /** 422: the cover letter is shorter than 50 characters after trimming. */
  coverLetterTooShort: 'Cover letter must be at least 50 characters',
  /** 422: the cover letter is longer than 5000 characters. */
  coverLetterTooLong: 'Cover letter must be at most 5000 characters',
  /** 422: the category is not one of the five. */
  invalidDocCategory:
    'Document category must be one of: Driving License, Passport, NID, Birth Certificate, Others',
  /** 422: the PDF carries active content. */
  unsafePdf: 'PDF documents with scripts, launch actions or embedded files are not accepted',
  /** 409: the caller is already a contributor (or a moderator). */
  alreadyContributor: 'You are already a contributor',
  /** 409: the caller has an application under review. */
  alreadyReviewing: 'You already have an application under review',
} as const

/** The multipart field names of `POST /api/applications/create`. */
export const APPLICATION_FORM_FIELDS = {
  document: 'document',
  coverLetter: 'coverLetter',
  docCategory: 'docCategory',
} as const

/** An application's state: `reviewing` shows as "Under Review"; `rejected` allows a new submission. */
export const ApplicationStatus = Type.Union([
  Type.Literal('reviewing'),
  Type.Literal('accepted'),
  Type.Literal('rejected'),
])
export type ApplicationStatus = Static<typeof ApplicationStatus>

/** The applicant's own view of an application (the document itself is fetched separately). */
export const OwnApplication = Type.Object({
  _id: Id,
  docCategory: ApplicationDocCategory,
  coverLetter: Type.String(),
  documentName: Type.String(),
  status: ApplicationStatus,
  submittedAt: Type.String({ format: 'date-time' }),
})
export type OwnApplication = Static<typeof OwnApplication>

/**
 * `GET /api/applications/user` (and the 201 answer of create): the caller's latest application.
 * `message` is the reviewer's message (null while reviewing or when none was given); every field but
 * `hasApplication` is null when there is no application.
 */
export const UserApplicationResponse = Type.Object({
  hasApplication: Type.Boolean(),
  status: Type.Union([ApplicationStatus, Type.Null()]),
  submittedAt: NullableDateTime,
  reviewedAt: NullableDateTime,
  message: Type.Union([Type.String(), Type.Null()]),
  application: Type.Union([OwnApplication, Type.Null()]),
})
export type UserApplicationResponse = Static<typeof UserApplicationResponse>

/** Path of `GET /api/applications/{id}/document` and the moderation decision route. */
export const ApplicationIdParams = IdParams
export type ApplicationIdParams = IdParams

/**
 * `GET /api/applications/{id}/document` answers the raw bytes (not JSON) with the stored MIME type,
 * `Content-Disposition: attachment`, `nosniff`, `Cache-Control: private, no-store` and a sandbox CSP.
 * Only the applicant and moderators may read it; anyone else gets 404. Fetch it with the bearer token
 * (as a blob) to show it inline.
 */
export const applicationDocumentPath = (applicationId: string): string =>
  `/api/applications/${encodeURIComponent(applicationId)}/document`
