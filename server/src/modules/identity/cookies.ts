import { parse, serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

/*
 * The two short-lived cookies of a provider sign-in. Neither is a session: the state cookie ties the
 * callback to the browser that started it (a callback address sent to someone else finds no cookie),
 * and the pending cookie carries a verified provider identity to the page that finishes it. Both are
 * HttpOnly, so page scripts never read them, and only their hashes are stored.
 */

/** The browser's copy of the `state` it was sent to the provider with. */
const STATE_COOKIE = 'bashboard_oauth_state'
/** A provider identity the callback verified, waiting for a username, a password or a second factor. */
const PENDING_COOKIE = 'bashboard_identity_pending'

/** How long a trip to the provider may take, in seconds. */
export const STATE_SECONDS = 10 * 60
/** How long the finishing page may take, in seconds. */
export const PENDING_SECONDS = 15 * 60

const STATE_PATH = '/api/auth/'
const PENDING_PATH = '/api/auth/pending'

function secureFor(publicOrigin: string): boolean {
  return publicOrigin.startsWith('https:')
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (header === undefined) return undefined
  return parse(header)[name] || undefined
}

/** Sets the state cookie. Lax: the provider's redirect back is a cross-site top-level navigation. */
export function setStateCookie(reply: FastifyReply, publicOrigin: string, state: string): void {
  reply.header(
    'set-cookie',
    serialize(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureFor(publicOrigin),
      path: STATE_PATH,
      maxAge: STATE_SECONDS,
    }),
  )
}

export function readStateCookie(request: FastifyRequest): string | undefined {
  return cookieOf(request, STATE_COOKIE)
}

export function clearStateCookie(reply: FastifyReply, publicOrigin: string): void {
  reply.header(
    'set-cookie',
    serialize(STATE_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureFor(publicOrigin),
      path: STATE_PATH,
      maxAge: 0,
    }),
  )
}

/**
 * Sets the pending cookie. Strict: only this site's own pages (the finishing page's requests) send
 * it, so no other site can post a username or password against it.
 */
export function setPendingCookie(reply: FastifyReply, publicOrigin: string, token: string): void {
  reply.header(
    'set-cookie',
    serialize(PENDING_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureFor(publicOrigin),
      path: PENDING_PATH,
      maxAge: PENDING_SECONDS,
    }),
  )
}

export function readPendingCookie(request: FastifyRequest): string | undefined {
  return cookieOf(request, PENDING_COOKIE)
}

export function clearPendingCookie(reply: FastifyReply, publicOrigin: string): void {
  reply.header(
    'set-cookie',
    serialize(PENDING_COOKIE, '', {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureFor(publicOrigin),
      path: PENDING_PATH,
      maxAge: 0,
    }),
  )
}
