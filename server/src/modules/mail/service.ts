import type { Database } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import { MAIL_MESSAGES, type MailPreferences, type UpdateMailPreferencesBody } from '../../contract/mail.ts'
import { InvalidError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts'
import { hashLinkToken, newLinkToken, type UnsubscribeSigner } from './links.ts'
import {
  consumeEmailToken,
  expireEmailTokens,
  findMailPreferences,
  findMailUser,
  insertEmailToken,
  insertMail,
  insertNotificationMailIfWanted,
  mailQueueStatus,
  markEmailVerified,
  requeueFailedMail,
  turnOffMailKind,
  upsertMailPreferences,
  userExists,
} from './repo.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** How long a verification link works (the mail says so: templates/account.tsx). */
export const VERIFY_LINK_MS = 3 * 24 * 60 * 60 * 1000
/** How long a password reset link works. */
export const RESET_LINK_MS = 60 * 60 * 1000

/** Stores a new single-use link of `purpose` for the member's address (as its hash); answers the token. */
async function issueLink(
  trx: Executor,
  user: { id: string; email: string },
  purpose: 'verify' | 'reset',
  validMs: number,
): Promise<string> {
  const { token, hash } = newLinkToken()
  await insertEmailToken(trx, {
    userId: user.id,
    purpose,
    tokenHash: hash,
    email: user.email,
    expiresAt: new Date(Date.now() + validMs),
  })
  return token
}

/**
 * Queues the verification mail of a member's address, with a fresh link, inside the caller's
 * transaction (sign-up, an address change, a resend).
 */
export async function queueVerificationMail(
  trx: Executor,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueLink(trx, user, 'verify', VERIFY_LINK_MS)
  await insertMail(trx, {
    kind: 'verify_email',
    userId: user.id,
    toAddress: user.email,
    data: { token, email: user.email },
  })
}

/** After an address change: a verification link to the new address, and a notice to the old one. */
export async function queueEmailChangeMails(
  trx: Executor,
  change: { userId: string; oldEmail: string; newEmail: string },
): Promise<void> {
  await queueVerificationMail(trx, { id: change.userId, email: change.newEmail })
  await insertMail(trx, {
    kind: 'email_changed',
    userId: change.userId,
    toAddress: change.oldEmail,
    data: { newEmail: change.newEmail },
  })
}

/** Queues a reset link for a member (the caller found them by address; the answer never says so). */
export async function queuePasswordResetMail(
  trx: Executor,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueLink(trx, user, 'reset', RESET_LINK_MS)
  await insertMail(trx, { kind: 'password_reset', userId: user.id, data: { token } })
}

/** The notice that a password was set from a reset link. */
export function queuePasswordChangedMail(trx: Executor, userId: string): Promise<void> {
  return insertMail(trx, { kind: 'password_changed', userId })
}

/** The link to a member's export prepared in the background (modules/leaving/export-worker.ts). */
export function queueExportReadyMail(
  trx: Executor,
  userId: string,
  data: { expiresAt: Date; bytes: number; filename: string },
): Promise<void> {
  return insertMail(trx, {
    kind: 'export_ready',
    userId,
    data: { expiresAt: data.expiresAt.toISOString(), bytes: data.bytes, filename: data.filename },
  })
}

/**
 * Uses a reset link once and ends the member's other reset links; answers the member it is for. A
 * used, expired or unknown link is a 422 on `token`. The address it went to counts as verified (the
 * link proved it). Call it in the transaction that sets the password, so a failed reset changes nothing.
 */
export async function consumeResetLink(trx: Executor, token: string): Promise<{ userId: string }> {
  const row = await consumeEmailToken(trx, 'reset', hashLinkToken(token))
  if (!row) throw new InvalidError(MAIL_MESSAGES.linkInvalid, 'token')
  await expireEmailTokens(trx, row.user_id, 'reset')
  await markEmailVerified(trx, row.user_id, row.email)
  return { userId: row.user_id }
}

/**
 * Follows a verification link: marks the address verified when it is still the account's address
 * (a link to an address changed since proves nothing about the new one).
 */
export async function verifyEmailLink(
  db: Executor,
  token: string,
): Promise<{ userId: string; email: string }> {
  const row = await consumeEmailToken(db, 'verify', hashLinkToken(token))
  if (!row || !(await markEmailVerified(db, row.user_id, row.email))) {
    throw new InvalidError(MAIL_MESSAGES.linkInvalid, 'token')
  }
  return { userId: row.user_id, email: row.email }
}

/** Queues the mail of a reply or mention notification when its member wants it now. */
export function queueNotificationMail(
  trx: Executor,
  notification: { id: string; userId: string; kind: string },
): Promise<void> {
  if (notification.kind !== 'reply' && notification.kind !== 'mention') return Promise.resolve()
  return insertNotificationMailIfWanted(trx, {
    userId: notification.userId,
    notificationId: notification.id,
    kind: notification.kind,
  })
}

/** Queues the mail of an application's decision unless the applicant turned such mail off. */
export async function queueApplicationDecisionMail(
  trx: Executor,
  decision: { userId: string; status: 'accepted' | 'rejected'; message: string },
): Promise<void> {
  const preferences = await findMailPreferences(trx, decision.userId)
  if (preferences && !preferences.applications) return
  await insertMail(trx, {
    kind: 'application_decided',
    userId: decision.userId,
    data: { status: decision.status, message: decision.message },
  })
}

/** A member's mail choices, with the defaults where they chose nothing. */
export async function getMailPreferences(db: Executor, userId: string): Promise<MailPreferences> {
  const user = await findMailUser(db, userId)
  if (!user) throw new UnauthorizedError()
  const row = await findMailPreferences(db, user.id)
  return {
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    replies: row?.replies ?? 'immediate',
    mentions: row?.mentions ?? 'immediate',
    applications: row?.applications ?? true,
    weeklyDigest: row?.weekly_digest ?? false,
  }
}

/** Saves a member's choices; answers them as they are now. */
export async function updateMailPreferences(
  db: Executor,
  userId: string,
  body: UpdateMailPreferencesBody,
): Promise<MailPreferences> {
  if (!(await userExists(db, userId))) throw new UnauthorizedError()
  await upsertMailPreferences(db, userId, body)
  return getMailPreferences(db, userId)
}

/** One-click unsubscribe: turns the link's topic off. A link that was not made here is a 422. */
export async function unsubscribe(db: Executor, signer: UnsubscribeSigner, token: string) {
  const named = signer.verify(token)
  if (!named) throw new InvalidError(MAIL_MESSAGES.unsubscribeInvalid, 'token')
  if (!(await userExists(db, named.userId))) throw new NotFoundError('That account no longer exists')
  await turnOffMailKind(db, named.userId, named.topic)
  return named.topic
}

/** The operator's view of the queue: counts per status, and what still waits or failed, oldest first. */
export async function describeMailQueue(db: Kysely<Database>, listed = 20): Promise<string[]> {
  const { counts, stuck } = await mailQueueStatus(db, listed)
  if (counts.length === 0) return ['The mail queue is empty.']
  const lines = counts
    .sort((a, b) => a.status.localeCompare(b.status))
    .map(
      (row) =>
        `${row.status.padEnd(8)} ${String(row.count).padStart(6)}  oldest ${row.oldest?.toISOString() ?? '-'}`,
    )
  if (stuck.length === 0) return [...lines, '', 'Nothing waits and nothing failed.']
  lines.push('', `Waiting or failed (oldest ${stuck.length}):`)
  for (const mail of stuck) {
    const next = mail.status === 'failed' ? 'gave up' : `next try ${mail.next_attempt_at.toISOString()}`
    lines.push(
      `  ${mail.id}  ${mail.kind} to ${mail.recipient ?? '(no address)'}  ${mail.status}, ${mail.attempts} attempt(s), ${next}`,
    )
    if (mail.last_error) lines.push(`      last error: ${mail.last_error}`)
  }
  return lines
}

/** Puts every failed mail back in the queue (after the operator fixed SMTP); answers how many. */
export function retryFailedMail(db: Kysely<Database>): Promise<number> {
  return requeueFailedMail(db)
}
