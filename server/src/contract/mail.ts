import { type Static, Type } from 'typebox'

export {
  MAIL_MESSAGES,
  UNSUBSCRIBE_TOPIC_LABELS,
  UNSUBSCRIBE_TOPICS,
  type UnsubscribeTopic,
} from './mail-messages.ts'

/** How a member wants mail about replies or about mentions. */
export const MailCadence = Type.Union([Type.Literal('immediate'), Type.Literal('daily'), Type.Literal('off')])
export type MailCadence = Static<typeof MailCadence>

/**
 * GET/PUT /api/users/me/mail: the member's choices per kind of non-essential mail, and whether their
 * address is verified (non-essential mail goes only to verified addresses). Essential mail (address
 * verification, password reset, the notice that an address changed) has no switch.
 */
export const MailPreferences = Type.Object({
  email: Type.String(),
  emailVerified: Type.Boolean(),
  replies: MailCadence,
  mentions: MailCadence,
  /** The moderators' decision on the member's contributor application. */
  applications: Type.Boolean(),
  /** The week's best commands, once a week (opt-in). */
  weeklyDigest: Type.Boolean(),
})
export type MailPreferences = Static<typeof MailPreferences>

export const UpdateMailPreferencesBody = Type.Object(
  {
    replies: Type.Optional(MailCadence),
    mentions: Type.Optional(MailCadence),
    applications: Type.Optional(Type.Boolean()),
    weeklyDigest: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateMailPreferencesBody = Static<typeof UpdateMailPreferencesBody>

/** The signed token of an unsubscribe link (`?token=` in the mail's link and header). */
const UnsubscribeToken = Type.String({ minLength: 10, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' })

/**
 * POST /api/mail/unsubscribe?token=…: RFC 8058 one-click unsubscribe. Mail clients POST the form body
 * `List-Unsubscribe=One-Click` to the header's URL; the site's own page POSTs the same URL. No sign-in.
 */
export const UnsubscribeQuery = Type.Object({ token: UnsubscribeToken }, { additionalProperties: false })
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>

export const UnsubscribeResponse = Type.Object({
  topic: Type.Union([
    Type.Literal('replies'),
    Type.Literal('mentions'),
    Type.Literal('activity_digest'),
    Type.Literal('applications'),
    Type.Literal('weekly_digest'),
  ]),
  message: Type.String(),
})
export type UnsubscribeResponse = Static<typeof UnsubscribeResponse>

/** A single-use link's token, as the verification and reset pages send it back. */
const LinkToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' })

/** POST /api/user/email/verify: follows a verification link; works signed in or not. */
export const VerifyEmailBody = Type.Object({ token: LinkToken }, { additionalProperties: false })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>

export const VerifyEmailResponse = Type.Object({ email: Type.String(), message: Type.String() })
export type VerifyEmailResponse = Static<typeof VerifyEmailResponse>

/** A mail request's answer: the same text whatever the address (it never says whether one exists). */
export const MailRequestResponse = Type.Object({ message: Type.String() })
export type MailRequestResponse = Static<typeof MailRequestResponse>

/** POST /api/user/password/forgot. */
export const ForgotPasswordBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 400 }) },
  { additionalProperties: false },
)
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>

/** POST /api/user/password/reset: the link's token and the new password (the sign-up rules). */
export const ResetPasswordBody = Type.Object(
  { token: LinkToken, password: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
)
export type ResetPasswordBody = Static<typeof ResetPasswordBody>
