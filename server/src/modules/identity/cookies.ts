import type { FastifyReply, FastifyRequest } from 'fastify'
import { type CookieKind, cookieValue, writeCookie } from '../../infra/cookies.ts'

/*
 * The two short-lived cookies of a provider sign-in. Neither is a session: the state cookie ties the
 * callback to the browser that started it (a callback address sent to someone else finds no cookie),
 * and the pending cookie carries a verified provider identity to the page that finishes it. Both are
 * HttpOnly, so page scripts never read them, and only their hashes are stored.
 */

/** How long a trip to the provider may take, in seconds. */
export const STATE_SECONDS = 10 * 60
/** How long the finishing page may take, in seconds. */
export const PENDING_SECONDS = 15 * 60

/** The browser's copy of the `state` it was sent to the provider with. Lax: the provider's redirect back is a cross-site top-level navigation. */
const STATE: CookieKind = {
  name: 'bashboard_oauth_state',
  path: '/api/auth/',
  seconds: STATE_SECONDS,
  sameSite: 'lax',
  httpOnly: true,
}
/**
 * A provider identity the callback verified, waiting for a username, a password or the sign-in.
 * Strict: only this site's own pages (the finishing page's requests) send it, so no other site can
 * post a username or password against it.
 */
const PENDING: CookieKind = {
  name: 'bashboard_identity_pending',
  path: '/api/auth/pending',
  seconds: PENDING_SECONDS,
  sameSite: 'strict',
  httpOnly: true,
}

function readCookie(request: FastifyRequest, kind: CookieKind): string | undefined {
  return cookieValue(request, kind.name) || undefined
}

export const setStateCookie = (reply: FastifyReply, publicOrigin: string, state: string): void =>
  writeCookie(reply, publicOrigin, STATE, state)
export const readStateCookie = (request: FastifyRequest): string | undefined => readCookie(request, STATE)
export const clearStateCookie = (reply: FastifyReply, publicOrigin: string): void =>
  writeCookie(reply, publicOrigin, STATE, null)

export const setPendingCookie = (reply: FastifyReply, publicOrigin: string, token: string): void =>
  writeCookie(reply, publicOrigin, PENDING, token)
export const readPendingCookie = (request: FastifyRequest): string | undefined => readCookie(request, PENDING)
export const clearPendingCookie = (reply: FastifyReply, publicOrigin: string): void =>
  writeCookie(reply, publicOrigin, PENDING, null)
