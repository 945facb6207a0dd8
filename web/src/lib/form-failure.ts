import { ApiError } from './api-client'

/** A refused submit as a form shows it: under `field`, or as the form's own message when it is null. */
export interface FormFailure<F extends string> {
  field: F | null
  message: string
  /** The page of what a duplicate clashes with (the error body's `existing.path`), for a link. */
  existingPath?: string
}

/** The server's messages each field can be refused with (the form's words from contract/limits). */
export type FieldMessages<F extends string> = Record<F, readonly string[]>

// A schema failure names the field in its message (server/src/infra/errors.ts, describeIssue).
const SCHEMA_FIELD_PATTERNS = [/^Invalid ([\w.]+):/, /^Missing required fields?: ([\w.]+)/, /^([\w.]+) must /]

/** The body's `field` and `existing.path`, which a duplicate that can be opened carries (docs/product-rules.md#errors). */
function detailsOf(body: unknown): { field?: string; existingPath?: string } {
  if (typeof body !== 'object' || body === null) return {}
  const { field, existing } = body as { field?: unknown; existing?: { path?: unknown } | null }
  const path = typeof existing === 'object' && existing !== null ? existing.path : undefined
  return {
    ...(typeof field === 'string' ? { field } : {}),
    ...(typeof path === 'string' ? { existingPath: path } : {}),
  }
}

function fieldOfMessage<F extends string>(message: string, fields: FieldMessages<F>): F | null {
  const names = Object.keys(fields) as F[]
  const known = names.find((name) => fields[name].includes(message))
  if (known) return known
  for (const pattern of SCHEMA_FIELD_PATTERNS) {
    const named = pattern.exec(message)?.[1]
    const field = names.find((name) => name === named)
    if (field) return field
  }
  return null
}

/**
 * Where a failed submit is shown. An answer from the server about the input (any 4xx) goes under the
 * field it names, or to the form when it names none; it never becomes a toast, which would cover the
 * page and outlive the fix. Returns null for what is not about the input (no response, a 5xx): the
 * caller toasts those.
 */
export function formFailureOf<F extends string>(
  error: unknown,
  fields: FieldMessages<F>,
): FormFailure<F> | null {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) return null
  const message = error.message
  const { field: named, existingPath } = detailsOf(error.body)
  const field = named !== undefined && named in fields ? (named as F) : fieldOfMessage(message, fields)
  return existingPath === undefined ? { field, message } : { field, message, existingPath }
}
