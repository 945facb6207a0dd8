import { randomBytes } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import { toString as qrCodeString } from 'qrcode'
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from '../../contract/second-factor-messages.ts'

/*
 * The codes of the second factor: TOTP through otplib 13 (RFC 6238 with the authenticator apps'
 * defaults: SHA-1, 6 digits, 30-second steps; secrets of 20 random bytes in base32), and recovery
 * codes of our own making.
 */

/** Seconds either side of now a code may come from: one step back and one ahead (clock drift). */
const DRIFT_SECONDS = 30

/** Shown as the account's issuer in authenticator apps. */
export const TOTP_ISSUER = 'Bashboard'

/** A new base32 secret (20 random bytes, 160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The `otpauth://totp/…` URI an authenticator app scans, and its QR code as an SVG `data:` URL. */
export async function totpProvisioning(
  secret: string,
  accountName: string,
): Promise<{ otpauthUri: string; qrCode: string }> {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: accountName, secret })
  // Drawn here so the web bundle carries no QR encoder; dark on light whatever the theme, as apps expect.
  const svg = await qrCodeString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
  return { otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` }
}

/** A typed authenticator code without the spaces or hyphens people put in, or undefined when it is not 6 digits. */
export function normalizeTotpCode(code: string): string | undefined {
  const digits = code.replace(/[\s-]/g, '')
  return new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(digits) ? digits : undefined
}

/**
 * The time step a code belongs to, if it is the secret's code for now, the step before or the step
 * after; undefined otherwise. Whether the step was used already is the caller's to check.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  nowMs = Date.now(),
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: DRIFT_SECONDS,
  })
  // The functional verify types TOTP and HOTP results together; only TOTP's carries the step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined
}

// 32 symbols (so a random byte's low 5 bits pick one without bias), without l and o, which read as 1 and 0.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
const RECOVERY_LENGTH = 10

/** Ten new recovery codes, `xxxxx-xxxxx`, 50 random bits each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const symbols = [...randomBytes(RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('')
    return `${symbols.slice(0, 5)}-${symbols.slice(5)}`
  })
}

/**
 * A typed recovery code as it is hashed (lower case, without spaces and hyphens), or undefined when it
 * cannot be one, so a wrong shape costs no hashing.
 */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.replace(/[\s-]/g, '').toLowerCase()
  return plain.length === RECOVERY_LENGTH && [...plain].every((char) => RECOVERY_ALPHABET.includes(char))
    ? plain
    : undefined
}
