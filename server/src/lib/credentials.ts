import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, hasControlCharacters } from '../contract/limits.ts'
import { InvalidError } from './errors.ts'

export const USERNAME_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${ACCOUNT_LIMITS.usernameMinLength},${ACCOUNT_LIMITS.usernameMaxLength}}$`,
)
const EMAIL_MAX_LENGTH = 254
// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is not ours to judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Trims a username and checks its rule (3–30 letters, digits, `_` or `-`); throws a 422 naming it. */
export function normalizeUsername(raw: string): string {
  const username = raw.trim()
  if (!USERNAME_PATTERN.test(username)) {
    throw new InvalidError(ACCOUNT_MESSAGES.usernameRule, 'username')
  }
  return username
}

/**
 * Trims and lower-cases an email and checks its shape; throws a 422 naming it. Control characters and
 * text-direction marks are not part of any address (the pattern alone lets all but whitespace through).
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email) || hasControlCharacters(email, false)) {
    throw new InvalidError(ACCOUNT_MESSAGES.emailInvalid, 'email')
  }
  return email
}

/** Checks a new password's length (kept as typed: spaces are allowed); throws a 422 naming it. */
export function checkNewPassword(password: string): string {
  if (password.length < ACCOUNT_LIMITS.passwordMinLength) {
    throw new InvalidError(ACCOUNT_MESSAGES.passwordTooShort, 'password')
  }
  if (password.length > ACCOUNT_LIMITS.passwordMaxLength) {
    throw new InvalidError(ACCOUNT_MESSAGES.passwordTooLong, 'password')
  }
  return password
}
