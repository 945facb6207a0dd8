import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Config } from '../../config.ts'
import type { LiveLogger } from '../../live/bus.ts'

/** One message as the worker hands it over. */
export interface OutgoingMail {
  /** Stable per queued row, so a receiver can tell a resend (after a crash) from a new mail. */
  messageId: string
  to: string
  subject: string
  html: string
  text: string
  /** RFC 8058: the URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
  oneClickUnsubscribeUrl?: string | undefined
}

/** Where mail goes: SMTP, or `.eml` files in the outbox. */
export interface MailTransport {
  readonly mode: 'smtp' | 'outbox'
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** The folder of the embedded default's `.eml` files. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox')
}

/** The first link of a plain-text part past the site's name, for the outbox's log line (a reset link). */
function firstLink(text: string): string | undefined {
  const links = text.match(/https?:\/\/[^\s\]>)]+/g) ?? []
  return links.find((link) => new URL(link).pathname !== '/')
}

/**
 * nodemailer over SMTP_URL (a pooled connection, so a burst of mails does not open one each), or,
 * on the embedded default, nodemailer's stream transport writing each message as a `.eml` file with
 * one log line naming the recipient, the subject and the link to follow.
 */
export function createMailTransport(config: Config, log: LiveLogger): MailTransport | null {
  const { mail } = config
  if (mail.mode === 'off') return null
  const message = (item: OutgoingMail) => ({
    from: mail.from,
    to: item.to,
    subject: item.subject,
    html: item.html,
    text: item.text,
    messageId: item.messageId,
    headers: item.oneClickUnsubscribeUrl
      ? {
          'List-Unsubscribe': `<${item.oneClickUnsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  })

  if (mail.mode === 'smtp') {
    const smtp = createTransport({ url: mail.smtpUrl, pool: true, maxConnections: 2 } as never)
    return {
      mode: 'smtp',
      async send(item) {
        await smtp.sendMail(message(item))
      },
      close: () => smtp.close(),
    }
  }

  const stream = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const folder = outboxDir(config.dataDir)
  return {
    mode: 'outbox',
    async send(item) {
      const info = await stream.sendMail(message(item))
      await mkdir(folder, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = join(folder, `${stamp}-${item.messageId.replace(/[^A-Za-z0-9-]/g, '')}.eml`)
      await writeFile(file, info.message as Buffer)
      // At warn, so the embedded default's terminal (which shows warnings and errors only) shows it.
      const link = firstLink(item.text)
      log.warn({ to: item.to, subject: item.subject, link, file }, 'mail written to the outbox')
    },
    close: () => stream.close(),
  }
}
