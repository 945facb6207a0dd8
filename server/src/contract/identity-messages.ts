/*
 * Signing in with GitHub and Google, apart from the schemas: the provider names, the routes the web
 * links to and the words of every refusal, which the web's login and finish screens import without
 * TypeBox (docs/product-rules.md#identity).
 */

/** The providers a member can sign in with, in the order the buttons show. */
export const IDENTITY_PROVIDERS = ['github', 'google'] as const
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number]

/** How each provider is named on screen. */
export const PROVIDER_LABELS: Record<IdentityProviderName, string> = { github: 'GitHub', google: 'Google' }

/** The full-page address that starts signing in with `provider`, coming back to `returnTo`. */
export function providerStartPath(provider: IdentityProviderName, returnTo?: string): string {
  const base = `/api/auth/${provider}/start`
  return returnTo === undefined ? base : `${base}?returnTo=${encodeURIComponent(returnTo)}`
}

/** The web page a provider callback sends the browser to when the member has a step left (or it failed). */
export const IDENTITY_FINISH_PATH = '/sign-in/provider'

/**
 * Why a provider sign-in failed, as the `error` search param of IDENTITY_FINISH_PATH (or of the
 * Settings page for a link), with the text shown for each.
 */
export const IDENTITY_ERRORS = {
  state: 'That sign-in link has expired or was already used. Start again from the login page.',
  denied: 'The sign-in was cancelled at the provider.',
  provider: 'The provider did not confirm the sign-in. Please try again.',
  unverified:
    'Your address at the provider is not verified. Verify it there (or pick a verified primary address), then try again.',
  taken: 'That provider account is already linked to another Bashboard account.',
  unavailable: 'That provider is not offered on this site.',
} as const
export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS

/** What the identity routes answer, word for word (the forms show them under their fields). */
export const IDENTITY_MESSAGES = {
  /** 404 from the pending routes: no cookie, an unknown, used or expired one. */
  pendingGone: 'This sign-in has expired. Start again from the login page.',
  /** 409 on unlink: the member would have no way left to sign in. */
  lastWayIn: 'This is your only way to sign in. Set a password or link another provider before unlinking it.',
  /** 404 on unlink: nothing of that provider is linked. */
  notLinked: 'That provider is not linked to your account.',
  /** 409 on link: the member already has one of this provider. */
  alreadyLinked: 'You already linked an account of this provider. Unlink it first.',
  /** 409 when setting a first password on an account that has one. */
  passwordExists: 'Your account already has a password. Change it in the section above.',
  /** 422 (field password) when linking: the existing account's password is wrong. */
  passwordIncorrect: 'That is not the password of this account.',
} as const
