import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ErrorResponse } from '../contract/common.ts'
import { nounFor } from '../contract/plurals.ts'
import { isDatabaseUnavailable, isRefusedCharacter, isUniqueViolation } from '../lib/db-errors.ts'
import { AppError, ConflictError } from '../lib/errors.ts'
import { NUL_CHARACTER_MESSAGE } from './input-guards.ts'

interface HttpFailure {
  statusCode: number
  message: string
  headers: Readonly<Record<string, string>>
  /** The duplicate's `field` and `existing`, sent only when the error points at an existing object. */
  extra?: Pick<ErrorResponse, 'field' | 'existing'>
}

/** A schema failure as reported by the TypeBox validator (and Ajv): only the fields we read. */
interface ValidationIssue {
  keyword: string
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

const GENERIC_500 = 'Something went wrong on our side. Please try again later.'
const DATABASE_DOWN = 'The database is temporarily unavailable. Please try again shortly.'

// Fastify's own request errors, reworded for people.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
}

// Keywords that mean the request's shape is wrong (400), as opposed to a value breaking a rule (422).
const STRUCTURAL_KEYWORDS = new Set([
  'required',
  'additionalProperties',
  'unevaluatedProperties',
  'type',
  'boolean',
])

/** Builds the `{statusCode, error, message}` body every error response uses. */
export function errorBody(statusCode: number, message: string): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message }
}

/** Maps any thrown value to the response the client gets (without logging). */
export function toHttpFailure(error: unknown): HttpFailure {
  if (error instanceof ConflictError && error.existing) {
    const extra = { ...(error.field ? { field: error.field } : {}), existing: error.existing }
    return { statusCode: 409, message: error.message, headers: error.headers, extra }
  }
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, message: error.message, headers: error.headers }
  }
  if (typeof error !== 'object' || error === null)
    return { statusCode: 500, message: GENERIC_500, headers: {} }
  const err = error as Partial<FastifyError> & { validation?: ValidationIssue[] }
  if (Array.isArray(err.validation)) return fromValidation(err.validation, err.validationContext)
  if (isUniqueViolation(error)) {
    return { statusCode: 409, message: 'This already exists', headers: {} }
  }
  if (isRefusedCharacter(error)) {
    return { statusCode: 400, message: NUL_CHARACTER_MESSAGE, headers: {} }
  }
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, message: DATABASE_DOWN, headers: { 'retry-after': '5' } }
  }
  const status = err.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (err.code && FASTIFY_MESSAGES[err.code]) || err.message || STATUS_CODES[status] || 'Error'
    return { statusCode: status, message, headers: {} }
  }
  return { statusCode: 500, message: GENERIC_500, headers: {} }
}

function fromValidation(issues: ValidationIssue[], context: string | undefined): HttpFailure {
  const part = context ?? 'body'
  const structural = issues.find((issue) => STRUCTURAL_KEYWORDS.has(issue.keyword))
  if (structural || part !== 'body') {
    return { statusCode: 400, message: describeIssue(structural ?? issues[0], part), headers: {} }
  }
  return { statusCode: 422, message: describeIssue(issues[0], part), headers: {} }
}

function describeIssue(issue: ValidationIssue | undefined, part: string): string {
  if (!issue) return `Invalid request ${part}`
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
  // "field: a" or "fields: a, b".
  const fields = (key: string): string => {
    const value = issue.params?.[key]
    const list = Array.isArray(value) ? value : []
    return `${nounFor(list.length, 'field')}: ${list.join(', ')}`
  }
  switch (issue.keyword) {
    case 'required':
      return `Missing required ${fields('requiredProperties')}`
    case 'additionalProperties':
      return `Unknown ${fields('additionalProperties')}`
    case 'boolean':
      return field ? `Unknown field: ${field}` : `Invalid request ${part}`
    case 'type':
      if (!field) return part === 'body' ? 'The request body must be a JSON object' : `Invalid ${part}`
      return `${field} ${issue.message ?? 'has the wrong type'}`
    default:
      return field ? `Invalid ${field}: ${issue.message ?? 'not allowed'}` : `Invalid request ${part}`
  }
}

/** Answers an unknown route with the standard 404 body. */
export function replyNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0]
  return reply.status(404).send(errorBody(404, `Route ${request.method} ${path} not found`))
}

/**
 * The one error handler: typed errors, schema failures (400/422), unique violations (409), an
 * unreachable database (503 + Retry-After), Fastify's body errors (400/413/415) and everything else
 * (500, details logged, never sent).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: unknown, request, reply) => {
      const failure = toHttpFailure(error)
      if (failure.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed')
      } else {
        request.log.info({ statusCode: failure.statusCode, reason: failure.message }, 'request refused')
      }
      for (const [name, value] of Object.entries(failure.headers)) {
        if (!reply.hasHeader(name)) reply.header(name, value)
      }
      return reply
        .status(failure.statusCode)
        .send({ ...errorBody(failure.statusCode, failure.message), ...failure.extra })
    })
  },
  { name: 'bashboard-errors' },
)
