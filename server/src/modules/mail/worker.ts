import type { Database } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { Config } from '../../config.ts'
import { type Batch, startBatch } from '../../lib/batch.ts'
import type { LiveLogger } from '../../live/bus.ts'
import { siteUrl, type UnsubscribeSigner } from './links.ts'
import { MailDataError, renderMail } from './render.ts'
import {
  type ClaimedMail,
  claimDueMail,
  findUnreadNotification,
  finishMail,
  hasDueMail,
  retryMailLater,
} from './repo.ts'
import type { MailContext } from './templates/content.ts'
import type { MailTransport } from './transport.ts'

/** How often every instance looks for due mail (one index probe when there is none). */
export const MAIL_POLL_MS = 1000
/** Mails one claim takes. */
const CLAIM_BATCH = 10
/** How long a claimed mail is this instance's to send; past it, another instance takes it up. */
export const MAIL_LEASE_MS = 60_000
/** Waits after the 1st, 2nd… failed attempt; past the last, the mail is marked failed (about a day in all). */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000]

/** The queue's sender (see {@link startMailWorker}). */
export interface MailWorker {
  /** Looks for due mail now (after a write queued some), without waiting. */
  poke(): void
  /** Sends everything due now and resolves when done (tests, the operator's `mail send`). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** Mail about the account itself, sent to its address whether or not that address was verified. */
// An export the member asked for is theirs to get even unverified: the address is the account's own.
const ESSENTIAL_TO_ACCOUNT = new Set(['password_reset', 'password_changed', 'export_ready'])

/** A failure the SMTP server says will not pass by retrying (5xx), so the mail fails at once. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}

/**
 * Sends the mail queue: every instance polls for due rows and claims a few under a lease (`FOR UPDATE
 * SKIP LOCKED`), so two instances never send one row at once. A sent row is marked sent and its data
 * dropped; a failed attempt is retried with growing delays, then marked failed for the operator
 * (`npm run admin -- mail status`). Requests never wait for SMTP: they only insert rows.
 *
 * Delivery is at least once: if an instance dies after the SMTP server took a mail but before the row
 * was marked, the mail goes again when the lease runs out, with the same Message-ID.
 */
export function startMailWorker(deps: {
  db: Kysely<Database>
  config: Config
  log: LiveLogger
  transport: MailTransport | null
  unsubscribe: UnsubscribeSigner
}): MailWorker {
  const { db, config, log, transport } = deps
  const origin = config.publicOrigin
  const messageHost = new URL(origin).hostname

  function contextFor(mail: ClaimedMail): MailContext {
    return {
      origin,
      username: mail.username,
      link: (path, query) => siteUrl(origin, path, query),
      unsubscribeUrl: (topic) =>
        siteUrl(origin, '/account/unsubscribe', { token: deps.unsubscribe.sign(mail.user_id ?? '', topic) }),
    }
  }

  /** The data the template reads: a notification mail quotes the notification as it is now. */
  async function templateData(mail: ClaimedMail): Promise<unknown | null> {
    if (mail.kind !== 'notification') return mail.data
    const notification = await findUnreadNotification(db, String(mail.data.notificationId ?? ''))
    if (!notification || (notification.kind !== 'reply' && notification.kind !== 'mention')) return null
    return { kind: notification.kind, text: notification.text, link: notification.link }
  }

  async function sendOne(mail: ClaimedMail): Promise<void> {
    const to = mail.to_address ?? mail.email
    if (!transport) return finishMail(db, mail.id, { status: 'skipped', error: 'MAIL=off' })
    if (!to) return finishMail(db, mail.id, { status: 'skipped', error: 'no recipient' })
    // Mail about the community goes only to addresses their owner verified.
    if (mail.to_address === null && mail.email_verified_at === null && !ESSENTIAL_TO_ACCOUNT.has(mail.kind)) {
      return finishMail(db, mail.id, { status: 'skipped', error: 'address not verified' })
    }
    const data = await templateData(mail)
    if (data === null)
      return finishMail(db, mail.id, { status: 'skipped', error: 'read before it was mailed' })
    try {
      const rendered = await renderMail(mail.kind, data, contextFor(mail))
      const token =
        rendered.unsubscribe && mail.user_id
          ? deps.unsubscribe.sign(mail.user_id, rendered.unsubscribe)
          : null
      await transport.send({
        messageId: `<${mail.id}@${messageHost}>`,
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        oneClickUnsubscribeUrl: token ? siteUrl(origin, '/api/mail/unsubscribe', { token }) : undefined,
      })
      await finishMail(db, mail.id, { status: 'sent', subject: rendered.subject })
    } catch (error) {
      const delay = MAIL_RETRY_DELAYS_MS[mail.attempts - 1]
      if (error instanceof MailDataError || isPermanent(error) || delay === undefined) {
        log.error({ err: error, mailId: mail.id, kind: mail.kind }, 'mail failed; not retried')
        return finishMail(db, mail.id, { status: 'failed', error: describe(error) })
      }
      log.warn({ err: error, mailId: mail.id, attempt: mail.attempts }, 'mail not sent; retried later')
      await retryMailLater(db, mail.id, new Date(Date.now() + delay), describe(error))
    }
  }

  const batch: Batch = startBatch({
    async run() {
      if (!(await hasDueMail(db))) return
      for (;;) {
        const claimed = await claimDueMail(db, CLAIM_BATCH, MAIL_LEASE_MS)
        for (const mail of claimed) await sendOne(mail)
        if (claimed.length < CLAIM_BATCH) return
      }
    },
    delayMs: 0,
    everyMs: MAIL_POLL_MS,
    runAtStart: true,
    onError: (error) => log.error({ err: error }, 'mail worker round failed'),
  })

  return {
    poke: () => batch.poke(),
    flush: () => batch.flush(),
    async close() {
      await batch.close()
      transport?.close()
    },
  }
}
