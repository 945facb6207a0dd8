import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/*
 * Secrets the server must read back (a member's TOTP secret), sealed with AES-256-GCM so a copy of
 * the database alone reveals none of them. The key is derived (HKDF-SHA256) from the server secret
 * every instance already shares (JWT_SECRET), under a label of its own, so it is never the signing
 * key itself and no new setting is needed. A sealed value is bound to what it belongs to (its
 * `context`, e.g. the member's id): moved to another row it no longer opens.
 */

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/** A 32-byte key for `purpose`, derived from the server secret. */
export function deriveSecretKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'bashboard-secret-box', purpose, 32))
}

/** Seals `plain` for `context`: `v1.<iv>.<ciphertext and tag>`, base64url. */
export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return [VERSION, iv.toString('base64url'), sealed.toString('base64url')].join('.')
}

/**
 * Opens a value sealed for `context`; undefined when it cannot be opened (another key, another
 * context, a damaged or unknown format), never a wrong secret.
 */
export function openSecret(key: Buffer, sealed: string, context: string): string | undefined {
  const [version, ivText, bodyText, ...rest] = sealed.split('.')
  if (version !== VERSION || ivText === undefined || bodyText === undefined || rest.length > 0)
    return undefined
  const iv = Buffer.from(ivText, 'base64url')
  const body = Buffer.from(bodyText, 'base64url')
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}
