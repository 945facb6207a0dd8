import type { ReactElement } from 'react'
import type { UnsubscribeTopic } from '../../../contract/mail.ts'

/** What a template knows of where it is sent from and to whom. */
export interface MailContext {
  /** PUBLIC_ORIGIN: every link is under it. */
  origin: string
  /** The member's name, or null for a mail to an address with no member (none today). */
  username: string | null
  /** An absolute link to a site path (modules/mail/links.ts `siteUrl`). */
  link(path: string, query?: Record<string, string>): string
  /** The one-click unsubscribe page for a topic, for the footer. */
  unsubscribeUrl(topic: UnsubscribeTopic): string
}

/** A rendered-to-be mail: its subject, its body, and the topic its unsubscribe turns off if any. */
export interface MailContent {
  subject: string
  element: ReactElement
  /** Set on non-essential mail: adds the footer link and the List-Unsubscribe headers. */
  unsubscribe?: UnsubscribeTopic
}

/** How the footer names a member. */
export function greeting(ctx: MailContext): string {
  return ctx.username ? `Hi ${ctx.username},` : 'Hi,'
}
