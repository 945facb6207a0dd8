import { InvalidError } from './errors.ts'

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,30}$/
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 128
const EMAIL_MAX_LENGTH = 254
// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is not ours to judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Trims a username and checks its rule (3–30 letters, digits, `_` or `-`); throws a 422 naming it. */
export function normalizeUsername(raw: string): string {
  const username = raw.trim()
  if (!USERNAME_PATTERN.test(username)) {
    throw new InvalidError('Username must be 3 to 30 characters: letters, digits, _ or -', 'username')
  }
  return username
}

/** Trims and lower-cases an email and checks its shape; throws a 422 naming it. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    throw new InvalidError('Please enter a valid email address', 'email')
  }
  return email
}

/** Checks a new password's length (kept as typed: spaces are allowed); throws a 422 naming it. */
export function checkNewPassword(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new InvalidError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long`, 'password')
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new InvalidError(`Password must be at most ${PASSWORD_MAX_LENGTH} characters long`, 'password')
  }
  return password
}
