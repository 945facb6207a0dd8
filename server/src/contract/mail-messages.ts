/*
 * The mail routes' messages and unsubscribe topics, apart from their schemas: the web's pages import
 * these without TypeBox.
 */

/** What a one-click unsubscribe link can turn off; `activity_digest` is replies and mentions together. */
export const UNSUBSCRIBE_TOPICS = [
  'replies',
  'mentions',
  'activity_digest',
  'applications',
  'weekly_digest',
] as const
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number]

/** What the unsubscribe page names each topic. */
export const UNSUBSCRIBE_TOPIC_LABELS: Record<UnsubscribeTopic, string> = {
  replies: 'mail about replies to your comments',
  mentions: 'mail about @mentions of you',
  activity_digest: 'the daily digest of replies and mentions',
  applications: 'mail about your contributor application',
  weekly_digest: 'the weekly digest of the best commands',
}

/** Messages of the mail routes, shared with the web. */
export const MAIL_MESSAGES = {
  /** 202 to every forgot-password request, whether or not the address has an account. */
  resetRequested:
    'If an account uses that address, a link to reset its password is on its way. It works for one hour.',
  /** 200 after a reset. */
  passwordReset: 'Your password was changed and every session signed out. Sign in with the new password.',
  /** 422 (field token): a used, expired or unknown reset or verification link. */
  linkInvalid: 'This link has expired or was already used. Ask for a new one.',
  /** 200 after following a verification link. */
  emailVerified: 'Your email address is verified.',
  /** 202 after asking for another verification mail. */
  verificationSent: 'A verification link is on its way to your address.',
  /** 409 when the address is already verified. */
  alreadyVerified: 'Your email address is already verified.',
  /** 403 where an action needs a verified address (applying; commenting when the site says so). */
  verificationRequired: 'Verify your email address first: follow the link we mailed you, or send a new one.',
  /** 422 (field token): a broken unsubscribe link. */
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change what we mail you in Settings → Email.',
} as const
