import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A fresh random token for a cookie (256 bits, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The SHA-256 (hex) a token is stored under, so a copy of the database holds no usable cookie. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether two tokens are equal, in time that does not depend on where they differ. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
