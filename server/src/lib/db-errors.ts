/** Recognising database failures, for the error handler and for services that map them. */

// Node socket errors and PostgreSQL SQLSTATEs that mean "the database cannot answer right now":
// admin/crash shutdown, cannot connect now, too many connections, and a cancelled (timed out) query.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
])
// node-postgres reports pool and socket failures as plain Errors without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|Query read timeout|the database system is (starting up|shutting down|in recovery mode)/i

/** True for a PostgreSQL unique violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): error is Error & { constraint?: string } {
  return codeOf(error) === '23505'
}

/**
 * True when PostgreSQL refused a character of a text value: a NUL (U+0000) in text is 22021, in JSON
 * 22P05. Input is checked for it on the way in (infra/input-guards.ts); this catches what that can't see.
 */
export function isRefusedCharacter(error: unknown): boolean {
  const code = codeOf(error)
  return code === '22021' || code === '22P05'
}

/** True when the error means the database could not be reached or answered in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = codeOf(current)
    if (code && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
    if (current instanceof Error && UNAVAILABLE_MESSAGES.test(current.message)) return true
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true
    }
    current = current instanceof Error ? current.cause : undefined
  }
  return false
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}
