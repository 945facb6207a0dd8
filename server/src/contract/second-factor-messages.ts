/*
 * The second factor's values and messages, apart from its schemas: the web's sign-in and settings
 * screens import these without TypeBox (docs/product-rules.md#second-factor).
 */

/**
 * The codes a sign-in challenge can be answered with, in the order a form offers them. A passkey
 * answers the same challenge at a route of its own (contract/passkeys.ts).
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery'] as const
export type SecondFactorMethodName = (typeof SECOND_FACTOR_METHODS)[number]

/** Recovery codes made at enrolment and at each regeneration. */
export const RECOVERY_CODE_COUNT = 10
/** How long a sign-in challenge lasts, in seconds. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60
/** Wrong codes one challenge takes before the password must be entered again. */
export const SECOND_FACTOR_CHALLENGE_ATTEMPTS = 5
/** How long a started enrolment waits for its first code, in seconds. */
export const TOTP_ENROLMENT_SECONDS = 15 * 60
/** Digits of an authenticator code. */
export const TOTP_DIGITS = 6

/** What the second-factor routes answer, word for word (the forms show them under their fields). */
export const SECOND_FACTOR_MESSAGES = {
  /** A code that is not the authenticator's current one (or the one before or after it). */
  codeInvalid: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  /** A code already accepted once (or older than one accepted). */
  codeUsed: 'That code was already used. Wait for your app to show the next one.',
  /** Not a recovery code of this account, or one already spent. */
  recoveryCodeInvalid: 'That recovery code is not right, or it was already used.',
  /** The challenge is unknown, expired, used, or voided by a password change. */
  challengeExpired: 'This sign-in has expired. Enter your password again.',
  /** Enrolment when an authenticator is already on. */
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to use another app.',
  /** Confirming with no enrolment started, or one older than TOTP_ENROLMENT_SECONDS. */
  enrolmentMissing: 'This setup has expired. Start setting up two-factor authentication again.',
  /** Turning off or regenerating codes with no second factor on. */
  notEnabled: 'Two-factor authentication is not on.',
  /** The authenticator's secret cannot be read (the server secret changed): only recovery codes work. */
  authenticatorUnreadable:
    'Your authenticator can no longer be checked (the site’s keys changed). Use a recovery code instead.',
} as const
