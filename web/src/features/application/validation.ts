import type { ApplicationDocCategory } from '@bashboard/server/contract'
import {
  APPLICATION_DOC_CATEGORIES,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
} from '@bashboard/server/contract/limits'
import type { FieldMessages } from '../../lib/form-failure'

/** The document categories, in the order the select lists them (shared with the server). */
export const DOC_CATEGORIES = APPLICATION_DOC_CATEGORIES
/** Shortest cover letter accepted, in characters after trimming (docs/product-rules.md#applications). */
export const COVER_LETTER_MIN = APPLICATION_LIMITS.coverLetterMinLength
/** Longest cover letter the server stores. */
export const COVER_LETTER_MAX = APPLICATION_LIMITS.coverLetterMaxLength
/** Largest document, in megabytes, as the form's hint says it. */
export const DOCUMENT_MAX_MB = APPLICATION_LIMITS.documentMaxBytes / (1024 * 1024)

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'])
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i

/** What the file input offers in the picker (the server checks the real content). */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf'

/**
 * The first problem with a chosen document, or null. The browser's type can be empty for some files, so
 * the name's extension counts too; this is only a courtesy check, the server sniffs the bytes.
 */
export function checkDocument(file: File): string | null {
  const typeOk = file.type === '' ? ACCEPTED_EXTENSIONS.test(file.name) : ACCEPTED_TYPES.has(file.type)
  if (!typeOk) return APPLICATION_MESSAGES.invalidDocument
  if (file.size > APPLICATION_LIMITS.documentMaxBytes) return APPLICATION_MESSAGES.documentTooLarge
  return null
}

export interface ApplicationValues {
  document: File | null
  coverLetter: string
  /** One of the five categories, or '' before one is chosen. */
  docCategory: ApplicationDocCategory | ''
}

/** The field a validation problem points at, so the form can focus it. */
export type ApplicationField = 'document' | 'coverLetter' | 'docCategory'

/** The first problem with the form, in the order the seed checks them, or null when it can be sent. */
export function validateApplication(
  values: ApplicationValues,
): { field: ApplicationField; message: string } | null {
  if (!values.document) return { field: 'document', message: APPLICATION_MESSAGES.missingFields }
  if (values.coverLetter.trim() === '')
    return { field: 'coverLetter', message: APPLICATION_MESSAGES.missingFields }
  if (values.docCategory === '') return { field: 'docCategory', message: APPLICATION_MESSAGES.missingFields }
  const documentProblem = checkDocument(values.document)
  if (documentProblem) return { field: 'document', message: documentProblem }
  return null
}

/** Whether the cover letter is long enough for the submit button to be enabled. */
export function coverLetterLongEnough(coverLetter: string): boolean {
  return coverLetter.trim().length >= COVER_LETTER_MIN
}

/** The server's refusals of the application form, by field (the rest, e.g. "already under review", name none). */
export const APPLICATION_FIELD_MESSAGES: FieldMessages<ApplicationField> = {
  document: [
    APPLICATION_MESSAGES.invalidDocument,
    APPLICATION_MESSAGES.documentTooLarge,
    APPLICATION_MESSAGES.unsafePdf,
  ],
  coverLetter: [
    APPLICATION_MESSAGES.coverLetterTooShort,
    APPLICATION_MESSAGES.coverLetterTooLong,
    APPLICATION_MESSAGES.coverLetterCharacters,
  ],
  docCategory: [APPLICATION_MESSAGES.invalidDocCategory],
}
