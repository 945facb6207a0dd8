import { randomBytes } from 'node:crypto'
import { ACCESS_TOKEN_PREFIX } from '../../contract/tokens.ts'
import { tokenHash } from '../../lib/random-token.ts'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 43 base62 characters carry 256 bits: as much as 32 random bytes. */
export const SECRET_LENGTH = 43
/** The largest multiple of 62 a byte can hold: bytes at or above it are dropped, so no character is likelier. */
const UNBIASED_LIMIT = 248

const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`)

/**
 * A new token: the prefix and 43 random base62 characters. Base62 rather than base64url so a
 * double-click selects the whole token in a terminal or an editor.
 */
export function generateAccessToken(): string {
  let secret = ''
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < UNBIASED_LIMIT && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62]
    }
  }
  return `${ACCESS_TOKEN_PREFIX}${secret}`
}

/** Whether a bearer credential is meant as a personal access token (rather than a session JWT). */
export function isAccessToken(credential: string): boolean {
  return credential.startsWith(ACCESS_TOKEN_PREFIX)
}

/** Whether a credential has the exact shape of a token this server issues. */
export function hasAccessTokenShape(credential: string): boolean {
  return TOKEN_SHAPE.test(credential)
}

/**
 * What is stored of a token: the hex SHA-256 of the whole string. The secret is 256 random bits, so
 * a fast unsalted hash cannot be reversed by guessing, and it can be looked up through an index.
 */
export const hashAccessToken = tokenHash
