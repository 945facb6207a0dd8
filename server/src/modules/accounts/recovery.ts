import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import { MAIL_MESSAGES } from '../../contract/mail.ts'
import type { EventDeps } from '../../events/transaction.ts'
import { withEvents } from '../../events/transaction.ts'
import { checkNewPassword, normalizeEmail } from '../../lib/credentials.ts'
import { ConflictError, UnauthorizedError } from '../../lib/errors.ts'
import { hashPassword } from '../../lib/password.ts'
import {
  consumeResetLink,
  queuePasswordChangedMail,
  queuePasswordResetMail,
  queueVerificationMail,
  verifyEmailLink,
} from '../mail/service.ts'
import { findUserByEmail, findUserById, updatePassword } from './repo.ts'

/**
 * Queues a reset link when an account uses `email`, and nothing otherwise: the caller answers the same
 * either way. A malformed address is a 422, which says nothing about any account.
 */
export async function requestPasswordReset(db: Kysely<Database>, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail)
  const user = await findUserByEmail(db, email)
  if (user) await queuePasswordResetMail(db, user)
}

/**
 * Sets a new password from a reset link, in one transaction: the link is used up (a used, expired or
 * unknown one is a 422 on `token`), the member's other reset links end, token_version is bumped (every
 * session and token issued before is refused), the address counts as verified (the link proved it)
 * and a notice is queued. Raises `user.password_changed` after commit, which signs out open sockets.
 */
export async function resetPassword(deps: EventDeps, token: string, rawPassword: string): Promise<void> {
  const passwordHash = await hashPassword(checkNewPassword(rawPassword))
  await withEvents(deps, async (trx, outbox) => {
    const { userId } = await consumeResetLink(trx, token)
    const user = await updatePassword(trx, userId, passwordHash)
    if (!user) throw new UnauthorizedError()
    await queuePasswordChangedMail(trx, userId)
    outbox.raise('user.password_changed', { userId, tokenVersion: user.token_version })
  })
}

/** Follows a verification link (signed in or not); answers the verified address. */
export async function verifyEmail(db: Kysely<Database>, token: string): Promise<{ email: string }> {
  const verified = await db.transaction().execute((trx) => verifyEmailLink(trx, token))
  return { email: verified.email }
}

/** Sends a member a new verification link; 409 when their address is already verified. */
export async function resendVerification(db: Kysely<Database>, userId: string): Promise<void> {
  const user = await findUserById(db, userId)
  if (!user) throw new UnauthorizedError()
  if (user.email_verified_at !== null) throw new ConflictError(MAIL_MESSAGES.alreadyVerified)
  await queueVerificationMail(db, user)
}

/** The address a resend goes to, for its rate limit. */
export async function verificationAddress(db: Kysely<Database>, userId: string): Promise<string> {
  const user = await findUserById(db, userId)
  if (!user) throw new UnauthorizedError()
  return user.email
}
