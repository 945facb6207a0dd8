import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from '../../contract/mail.ts'
import { randomToken, tokenHash } from '../../lib/random-token.ts'

/** A new single-use link token and the hash that is stored for it (email_tokens.token_hash). */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomToken()
  return { token, hash: hashLinkToken(token) }
}

/** SHA-256 suffices: the token is 256 random bits, so there is nothing to guess slowly. */
export const hashLinkToken = tokenHash

/**
 * An absolute URL on the site: every link in a mail is built here, so none can point anywhere but
 * PUBLIC_ORIGIN. `path` must be a site path ("/post/x"), never a URL.
 */
export function siteUrl(origin: string, path: string, query: Record<string, string> = {}): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a site path: ${path}`)
  const url = new URL(path, origin)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}

/**
 * Signs one-click unsubscribe links: `<user id>.<topic>.<mac>`. Nothing is stored, the link works
 * without signing in, and it stops working only if the server secret changes. The key is derived from
 * the JWT secret under a label of its own, so a mail link can never be mistaken for a session.
 */
export function unsubscribeSigner(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'bashboard', 'mail unsubscribe v1', 32))
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  return {
    sign(userId: string, topic: UnsubscribeTopic): string {
      return `${userId}.${topic}.${mac(`${userId}.${topic}`)}`
    },
    /** The user and topic a token names, or undefined when it was not made here. */
    verify(token: string): { userId: string; topic: UnsubscribeTopic } | undefined {
      const [userId, topic, given, ...rest] = token.split('.')
      if (!userId || !topic || !given || rest.length > 0) return undefined
      if (!(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic)) return undefined
      const expected = Buffer.from(mac(`${userId}.${topic}`))
      const actual = Buffer.from(given)
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
      return { userId, topic: topic as UnsubscribeTopic }
    },
  }
}

export type UnsubscribeSigner = ReturnType<typeof unsubscribeSigner>
