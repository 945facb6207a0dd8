// The server runs through tsx from the repository root, whose tsconfig sets no JSX mode: say it here.
// @jsxRuntime automatic
// @jsxImportSource react
import { greeting, type MailContent, type MailContext } from './content.ts'
import { Action, MailLayout, Note, Paragraph } from './layout.tsx'

/** How long the links below work; the service sets the same (modules/mail/service.ts). */
export const LINK_VALIDITY_TEXT = { verify: '3 days', reset: 'one hour' } as const

/** Verify your address: at sign-up and after every change of address. */
export function verifyEmailMail(data: { token: string; email: string }, ctx: MailContext): MailContent {
  const href = ctx.link('/account/verify-email', { token: data.token })
  return {
    subject: 'Verify your email address for Bashboard',
    element: (
      <MailLayout
        preview="Confirm this address to apply as a contributor and get mail from Bashboard."
        heading="Verify your email address"
        origin={ctx.origin}
        reason={`You get this mail because ${data.email} was given for a Bashboard account.`}
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          Confirm that {data.email} is yours. A verified address lets you apply as a contributor and get the
          mail you choose in Settings.
        </Paragraph>
        <Action href={href} label="Verify my address" />
        <Note>
          The link works for {LINK_VALIDITY_TEXT.verify}. If you did not create an account, ignore this mail:
          nothing happens without the link.
        </Note>
      </MailLayout>
    ),
  }
}

/** Told to the old address when an account's address changes. */
export function emailChangedMail(data: { newEmail: string }, ctx: MailContext): MailContent {
  return {
    subject: 'Your Bashboard email address was changed',
    element: (
      <MailLayout
        preview={`Your account now uses ${data.newEmail}.`}
        heading="Your email address was changed"
        origin={ctx.origin}
        reason="You get this mail because this address was the one of your Bashboard account."
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          Your Bashboard account now uses {data.newEmail}. Mail from Bashboard goes there from now on.
        </Paragraph>
        <Note>If you did not make this change, reset your password at once and tell the moderators:</Note>
        <Action href={ctx.link('/forgot-password')} label="Reset my password" />
      </MailLayout>
    ),
  }
}

/** A single-use link to choose a new password. */
export function passwordResetMail(data: { token: string }, ctx: MailContext): MailContent {
  const href = ctx.link('/account/reset-password', { token: data.token })
  return {
    subject: 'Reset your Bashboard password',
    element: (
      <MailLayout
        preview={`Choose a new password. The link works for ${LINK_VALIDITY_TEXT.reset}.`}
        heading="Reset your password"
        origin={ctx.origin}
        reason="You get this mail because someone asked to reset the password of the account with this address."
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          Choose a new password with the button below. Setting it signs your account out everywhere.
        </Paragraph>
        <Action href={href} label="Choose a new password" />
        <Note>
          The link works once, for {LINK_VALIDITY_TEXT.reset}. If you did not ask, ignore this mail: your
          password stays as it is.
        </Note>
      </MailLayout>
    ),
  }
}

/** After a password was set from a reset link. */
export function passwordChangedMail(_data: Record<string, never>, ctx: MailContext): MailContent {
  return {
    subject: 'Your Bashboard password was changed',
    element: (
      <MailLayout
        preview="Every session was signed out."
        heading="Your password was changed"
        origin={ctx.origin}
        reason="You get this mail because the password of your Bashboard account changed."
      >
        <Paragraph>{greeting(ctx)}</Paragraph>
        <Paragraph>
          The password of your account was just changed, and every browser and app signed in with the old one
          was signed out.
        </Paragraph>
        <Note>If this was not you, reset your password now and tell the moderators.</Note>
        <Action href={ctx.link('/forgot-password')} label="Reset my password" />
      </MailLayout>
    ),
  }
}
