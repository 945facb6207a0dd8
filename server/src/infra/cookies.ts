import { serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The value of the cookie `name` in the request's Cookie header, or null. */
export function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return null
}

/** A cookie the server sets: where it is sent, for how long, and whether page scripts may read it. */
export interface CookieKind {
  name: string
  path: string
  /** How long it lasts when the writer does not say. */
  seconds?: number
  sameSite: 'lax' | 'strict'
  /** False only for the hints the web client reads (never a credential). */
  httpOnly: boolean
}

/**
 * Sets (or, with `value` null, clears) a cookie: Secure whenever the site is served over HTTPS. Fastify
 * keeps every `set-cookie` header a reply is given, so several cookies may be written in turn.
 */
export function writeCookie(
  reply: FastifyReply,
  publicOrigin: string,
  kind: CookieKind,
  value: string | null,
  seconds: number = kind.seconds ?? 0,
): void {
  reply.header(
    'set-cookie',
    serialize(kind.name, value ?? '', {
      httpOnly: kind.httpOnly,
      sameSite: kind.sameSite,
      secure: publicOrigin.startsWith('https:'),
      path: kind.path,
      maxAge: value === null ? 0 : seconds,
    }),
  )
}
