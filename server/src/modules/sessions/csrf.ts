import { createHmac } from 'node:crypto'
import { sameToken } from '../../lib/random-token.ts'
import { deriveSecretKey } from '../../lib/secret-box.ts'

// A session's CSRF token is an HMAC of its id: every instance computes it, nothing is stored.

export interface CsrfTokens {
  tokenFor(sessionId: string): string
  /** Whether `token` is the session's token (compared in constant time). */
  matches(sessionId: string, token: string | undefined): boolean
}

export function createCsrfTokens(serverSecret: string): CsrfTokens {
  const key = deriveSecretKey(serverSecret, 'web-session-csrf')
  const tokenFor = (sessionId: string): string =>
    createHmac('sha256', key).update(sessionId).digest('base64url')
  return {
    tokenFor,
    matches: (sessionId, token) => token !== undefined && sameToken(tokenFor(sessionId), token),
  }
}
