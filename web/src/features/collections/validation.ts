import { COLLECTION_LIMITS } from '@bashboard/server/contract/values'

/** The form's messages: the same words as the API's 422 answers for these limits. */
export const COLLECTION_FORM_MESSAGES = {
  nameRequired: 'Collection name is required',
  nameTooLong: `Collection name must be at most ${COLLECTION_LIMITS.nameMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${COLLECTION_LIMITS.descriptionMaxLength} characters`,
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
