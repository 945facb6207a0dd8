import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A mail the peer accepted, parsed back with mailparser, with the envelope's recipients. */
export interface ReceivedMail {
  to: string[]
  parsed: ParsedMail
}

/** A real SMTP server for a test suite: it accepts, refuses on demand, and keeps what it got. */
export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>` for the app's SMTP_URL. */
  url: string
  received: ReceivedMail[]
  /** Until called again with null, every message is refused with this SMTP reply code. */
  refuseWith(code: 451 | 550 | null): void
  /** Resolves with the first mail (already received or still to come) matching `match`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** Starts the peer on a free loopback port (no TLS, no authentication: it is the test's own). */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  let refusal: 451 | 550 | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refusal !== null) {
          const error = Object.assign(new Error('refused by the test peer'), { responseCode: refusal })
          return callback(error)
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed })
            for (const wake of waiters) wake()
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refusal = code
    },
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching mail within ${timeoutMs} ms (got ${received.length})`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The link of a mail's plain-text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mail.parsed.text ?? ''
  const found = text.match(/https?:\/\/[^\s\]>)]+/g)?.find((link) => link.startsWith(prefix))
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`)
  return found
}
