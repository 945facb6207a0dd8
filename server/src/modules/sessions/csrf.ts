import { createHmac } from 'node:crypto'
import { sameToken } from '../../lib/random-token.ts'
import { deriveSecretKey } from '../../lib/secret-box.ts'

/*
 * CSRF tokens of web sessions: an HMAC of the session's id under a key derived from the server secret,
 * so every instance computes the same token with nothing stored, and a token belongs to one session
 * only (a cookie another site managed to plant cannot be paired with a token of its own choosing).
 */

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
