import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { BadRequestError } from '../lib/errors.ts'

/** What a request carrying a NUL character is told. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (U+0000)'

// `%00` anywhere in the path or query: decoded, it is a NUL in a parameter.
const ENCODED_NUL = /%00/i

/** Whether a parsed JSON value holds a string with a NUL character (keys included). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  // Bodies are at most 1 MB of JSON; the depth bound only guards the recursion.
  if (typeof value !== 'object' || value === null || depth > 64) return false
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1))
}

// A whole number as people write it: digits only, no sign, point, exponent, spaces or hex prefix.
const PLAIN_WHOLE_NUMBER = /^\d{1,15}$/

/** The names of the integer fields of a querystring schema (TypeBox: a plain JSON schema object). */
function integerFields(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties
  if (!properties) return []
  return Object.entries(properties)
    .filter(([, field]) => field.type === 'integer')
    .map(([name]) => name)
}

/**
 * The query's integer fields that are not plain whole numbers (`1.5`, ` 1`, `0x10`, `1e3`), which
 * the schema's number conversion would otherwise read as 1, 1, 16 and 1000.
 */
export function malformedIntegers(schema: unknown, query: unknown): string[] {
  if (typeof query !== 'object' || query === null) return []
  const values = query as Record<string, unknown>
  return integerFields(schema).filter((name) => {
    const value = values[name]
    if (value === undefined) return false
    return !(typeof value === 'string' && PLAIN_WHOLE_NUMBER.test(value))
  })
}

/**
 * Guards on input before any route runs, for rules every route shares:
 * - Text with a NUL character is refused: PostgreSQL cannot store the character in text, so it would
 *   otherwise fail deep in a query. Path and query parameters are checked on the raw URL, JSON bodies
 *   once parsed; multipart text fields by their service's control-character rule (422), with the
 *   database error mapping (infra/errors.ts, the same 400) as the last resort.
 * - Integer query parameters (`page`, `limit`, …) must be plain whole numbers.
 */
export const inputGuardsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (ENCODED_NUL.test(request.url)) throw new BadRequestError(NUL_CHARACTER_MESSAGE)
    })
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.body)) throw new BadRequestError(NUL_CHARACTER_MESSAGE)
      const [field] = malformedIntegers(request.routeOptions.schema?.querystring, request.query)
      if (field) throw new BadRequestError(`${field} must be a whole number written with digits only`)
    })
  },
  { name: 'bashboard-input-guards', dependencies: ['bashboard-errors'] },
)
