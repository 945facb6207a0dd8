import type { ApplicationRow } from '@bashboard/db'
import {
  type ApplicationDocCategory,
  applicationDocumentPath,
  type UserApplicationResponse,
} from '../../contract/applications.ts'
import type { ModApplication } from '../../contract/moderation.ts'
import type { ModApplicationRow } from './repo.ts'

// Rows are written only through the service, which accepts nothing but the five categories.
function category(value: string): ApplicationDocCategory {
  return value as ApplicationDocCategory
}

/** The applicant's view of their latest application (or of having none). */
export function toUserApplication(row: ApplicationRow | undefined): UserApplicationResponse {
  if (!row) {
    return {
      hasApplication: false,
      status: null,
      submittedAt: null,
      reviewedAt: null,
      message: null,
      application: null,
    }
  }
  return {
    hasApplication: true,
    status: row.status,
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    message: row.review_message,
    application: {
      _id: row.id,
      docCategory: category(row.doc_category),
      coverLetter: row.cover_letter,
      documentName: row.document_name,
      status: row.status,
      submittedAt: row.created_at.toISOString(),
    },
  }
}

/** An application as the moderators' queue shows it. */
export function toModApplication(row: ModApplicationRow): ModApplication {
  return {
    _id: row.id,
    status: row.status,
    applicant: {
      _id: row.user_id,
      username: row.applicant_username,
      email: row.applicant_email,
      points: row.applicant_points,
      role: row.applicant_role,
    },
    coverLetter: row.cover_letter,
    docCategory: category(row.doc_category),
    document: {
      name: row.document_name,
      mime: row.document_mime,
      size: row.document_size,
      url: applicationDocumentPath(row.id),
    },
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewMessage: row.review_message,
    reviewer:
      row.reviewed_by && row.reviewer_username
        ? { _id: row.reviewed_by, username: row.reviewer_username }
        : null,
  }
}
