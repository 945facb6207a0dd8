import type { FastifyReply, FastifyRequest } from 'fastify'
import { CSRF_COOKIE, MEMBER_HINT_COOKIE, SESSION_COOKIE } from '../contract/values.ts'
import { type CookieKind, cookieValue, writeCookie } from './cookies.ts'

// A web session's three cookies, set and cleared together; only the HttpOnly one is a credential. Lax:
// a link from elsewhere arrives signed in, another site's writes carry no session.

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
