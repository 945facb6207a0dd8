import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from '@bashboard/server/contract/limits'

/** The form's messages: the API's own 422 texts for these limits. */
export const COLLECTION_FORM_MESSAGES = {
  nameRequired: COLLECTION_MESSAGES.nameRequired,
  nameTooLong: COLLECTION_MESSAGES.nameTooLong,
  descriptionTooLong: COLLECTION_MESSAGES.descriptionTooLong,
} as const

export interface CollectionFormValues {
  name: string
  description: string
  public: boolean
}

export type CollectionFormErrors = Partial<Record<'name' | 'description', string>>

/**
 * Field → message for the collection form; empty when it may be sent. Name and description are counted
 * trimmed, as the server counts them. A duplicate name is only known to the server (409).
 */
export function validateCollectionForm(values: CollectionFormValues): CollectionFormErrors {
  const errors: CollectionFormErrors = {}
  const name = values.name.trim()
  if (name.length < COLLECTION_LIMITS.nameMinLength) errors.name = COLLECTION_FORM_MESSAGES.nameRequired
  else if (name.length > COLLECTION_LIMITS.nameMaxLength) errors.name = COLLECTION_FORM_MESSAGES.nameTooLong
  if (values.description.trim().length > COLLECTION_LIMITS.descriptionMaxLength)
    errors.description = COLLECTION_FORM_MESSAGES.descriptionTooLong
  return errors
}
