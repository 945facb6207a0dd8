import type { FastifyReply, FastifyRequest } from 'fastify'
import { CSRF_COOKIE, MEMBER_HINT_COOKIE, SESSION_COOKIE } from '../contract/values.ts'
import { type CookieKind, cookieValue, writeCookie } from './cookies.ts'

/*
 * The three cookies of a web session (docs/product-rules.md#sessions), set and cleared together. Only
 * the session cookie is a credential, and page scripts cannot read it (HttpOnly). The CSRF token and the
 * expiry hint are readable on purpose: the web client copies the first into a header on every write and
 * reads the second to know it is signed in, and neither signs anyone in. Lax: a link followed from
 * another site (a mail, a search result) arrives signed in, while another site's forms and scripts
 * send no session with their writes.
 */

const lax = { path: '/', sameSite: 'lax' } as const
const SESSION: CookieKind = { ...lax, name: SESSION_COOKIE, httpOnly: true }
const CSRF: CookieKind = { ...lax, name: CSRF_COOKIE, httpOnly: false }
const HINT: CookieKind = { ...lax, name: MEMBER_HINT_COOKIE, httpOnly: false }

export function setSessionCookies(
  reply: FastifyReply,
  publicOrigin: string,
  session: { secret: string; csrfToken: string; expiresAt: Date },
): void {
  const seconds = Math.max(1, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000))
  writeCookie(reply, publicOrigin, SESSION, session.secret, seconds)
  writeCookie(reply, publicOrigin, CSRF, session.csrfToken, seconds)
  writeCookie(reply, publicOrigin, HINT, String(Math.floor(session.expiresAt.getTime() / 1000)), seconds)
}

export function clearSessionCookies(reply: FastifyReply, publicOrigin: string): void {
  for (const kind of [SESSION, CSRF, HINT]) writeCookie(reply, publicOrigin, kind, null)
}

/** The session secret a browser sent, or undefined. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return cookieValue(request, SESSION_COOKIE) || undefined
}
