import type { MailKind } from '@bashboard/db'
import { render } from '@react-email/render'
import { type TSchema, Type } from 'typebox'
import { Value } from 'typebox/value'
import type { UnsubscribeTopic } from '../../contract/mail.ts'
import {
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from './templates/account.tsx'
import { applicationDecidedMail, notificationMail } from './templates/community.tsx'
import type { MailContent, MailContext } from './templates/content.ts'
import { dailyDigestMail, weeklyDigestMail } from './templates/digests.tsx'
import { exportReadyMail } from './templates/export.tsx'

const Link = Type.Union([Type.String(), Type.Null()])
const DigestItem = Type.Object({ text: Type.String(), link: Link })
const DigestPost = Type.Object({
  title: Type.String(),
  slug: Type.String(),
  command: Type.String(),
  upvotes: Type.Integer(),
  author: Type.String(),
})

/** Each kind's data as the template reads it, and the template. */
const TEMPLATES: {
  [K in MailKind]: { data: TSchema; make: (data: never, ctx: MailContext) => MailContent }
} = {
  verify_email: { data: Type.Object({ token: Type.String(), email: Type.String() }), make: verifyEmailMail },
  email_changed: { data: Type.Object({ newEmail: Type.String() }), make: emailChangedMail },
  password_reset: { data: Type.Object({ token: Type.String() }), make: passwordResetMail },
  password_changed: { data: Type.Object({}), make: passwordChangedMail },
  application_decided: {
    data: Type.Object({
      status: Type.Union([Type.Literal('accepted'), Type.Literal('rejected')]),
      message: Type.String(),
    }),
    make: applicationDecidedMail,
  },
  notification: {
    data: Type.Object({
      kind: Type.Union([Type.Literal('reply'), Type.Literal('mention')]),
      text: Type.String(),
      link: Link,
    }),
    make: notificationMail,
  },
  daily_digest: {
    data: Type.Object({ items: Type.Array(DigestItem, { minItems: 1 }) }),
    make: dailyDigestMail,
  },
  weekly_digest: {
    data: Type.Object({ posts: Type.Array(DigestPost, { minItems: 1 }) }),
    make: weeklyDigestMail,
  },
  export_ready: {
    data: Type.Object({
      expiresAt: Type.String(),
      bytes: Type.Integer({ minimum: 0 }),
      filename: Type.String(),
    }),
    make: exportReadyMail,
  },
}

/** A mail ready for the transport: both parts, and the unsubscribe topic of a non-essential one. */
export interface RenderedMail {
  subject: string
  html: string
  text: string
  unsubscribe: UnsubscribeTopic | undefined
}

/** Raised for a queued row whose data does not fit its kind: a bug, never worth retrying. */
export class MailDataError extends Error {}

/** Renders a mail of `kind` from its data: the HTML part and the plain-text part from one component. */
export async function renderMail(kind: MailKind, data: unknown, ctx: MailContext): Promise<RenderedMail> {
  const template = TEMPLATES[kind]
  if (!Value.Check(template.data, data)) throw new MailDataError(`mail data does not fit kind ${kind}`)
  const content = template.make(data as never, ctx)
  const [html, text] = await Promise.all([
    render(content.element),
    render(content.element, { plainText: true }),
  ])
  return { subject: content.subject, html, text, unsubscribe: content.unsubscribe }
}
