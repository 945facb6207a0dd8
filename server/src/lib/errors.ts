/**
 * Typed errors thrown by services and infrastructure. The one error handler (infra/errors.ts) turns
 * each into `{ statusCode, error, message }`; the message of a 4xx error is shown to the user as is.
 */
export class AppError extends Error {
  readonly statusCode: number
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.name = new.target.name
    this.statusCode = statusCode
    this.headers = headers
  }
}

/** 400: the request is malformed (missing body, wrong types, unknown fields). */
export class BadRequestError extends AppError {
  constructor(message = 'The request is malformed') {
    super(400, message)
  }
}

/** 401: not signed in, or the token is invalid, expired or revoked. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message)
  }
}

/** 403: signed in but not allowed. */
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message)
  }
}

/** 404: missing, or another user's private object (never reveal it exists). */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message)
  }
}

/** Where the object a duplicate clashes with lives (contract ErrorResponse `existing`). */
export interface ExistingTarget {
  slug: string
  path: string
}

/**
 * 409: a duplicate; `field` names what clashes. With `existing`, the answer also carries `field` and
 * the object it clashes with, so the client can link to it.
 */
export class ConflictError extends AppError {
  readonly field: string | undefined
  readonly existing: ExistingTarget | undefined

  constructor(message: string, field?: string, existing?: ExistingTarget) {
    super(409, message)
    this.field = field
    this.existing = existing
  }
}

/** 413: the body or an upload is too large. */
export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request body is too large') {
    super(413, message)
  }
}

/** 415: a content type the endpoint does not accept. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type') {
    super(415, message)
  }
}

/** 422: a field is present but breaks a rule; `field` names it. */
export class InvalidError extends AppError {
  readonly field: string | undefined

  constructor(message: string, field?: string) {
    super(422, message)
    this.field = field
  }
}

/** 429 with `Retry-After`. */
export class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
    super(429, message, { 'retry-after': String(seconds) })
    this.retryAfterSeconds = seconds
  }
}

/** 503 with `Retry-After`: a dependency (the database) is down; the client may retry soon. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again shortly.',
    retryAfterSeconds = 5,
  ) {
    super(503, message, { 'retry-after': String(retryAfterSeconds) })
  }
}

/** The message every rate limit answers with. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds))} seconds.`
}
