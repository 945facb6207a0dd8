import { type Static, Type } from 'typebox'
import { Id, IdParams, NullableDateTime } from './common.ts'

export { APPLICATION_DOC_CATEGORIES, APPLICATION_LIMITS, APPLICATION_MESSAGES } from './limits.ts'
export { APPLICATION_FORM_FIELDS } from './values.ts'

/*
 * Contributor applications (docs/product-rules.md#applications): a member sends a private document
 * and a cover letter; a moderator accepts or rejects it. The create call is multipart, so its fields
 * are described by constants here rather than a JSON body schema.
 */

/** One of `APPLICATION_DOC_CATEGORIES`. */
export const ApplicationDocCategory = Type.Union([
  Type.Literal('Driving License'),
  Type.Literal('Passport'),
  Type.Literal('NID'),
  Type.Literal('Birth Certificate'),
  Type.Literal('Others'),
])
export type ApplicationDocCategory = Static<typeof ApplicationDocCategory>

/** MIME types a stored document can have (images are re-encoded; PDFs are kept as sent). */
export const APPLICATION_DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const

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
