import { type Static, Type } from 'typebox'

export {
  IDENTITY_ERRORS,
  IDENTITY_MESSAGES,
  IDENTITY_PROVIDERS,
  PROVIDER_LABELS,
} from './identity-messages.ts'

/** A provider a member can sign in with (IDENTITY_PROVIDERS, written out for TypeBox's types). */
export const IdentityProvider = Type.Union([Type.Literal('github'), Type.Literal('google')])
export type IdentityProvider = Static<typeof IdentityProvider>

/** `:provider` of the identity routes. */
export const IdentityProviderParams = Type.Object({ provider: IdentityProvider })

/** GET /api/auth/providers: the providers configured on this site (the login page's buttons). */
export const IdentityProvidersResponse = Type.Object({ providers: Type.Array(IdentityProvider) })
export type IdentityProvidersResponse = Static<typeof IdentityProvidersResponse>

/** GET /api/auth/:provider/start: where to come back to (a path of this site; anything else means home). */
export const IdentityStartQuery = Type.Object(
  { returnTo: Type.Optional(Type.String({ maxLength: 2048 })) },
  { additionalProperties: false },
)

/**
 * GET /api/auth/:provider/callback, as the provider sends it back: `code` and `state`, or `error`.
 * Providers add parameters of their own (Google's `scope`, `authuser`, `prompt`), so others pass.
 */
export const IdentityCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: true },
)

/**
 * GET /api/auth/pending: what the provider sign-in in progress waits for. `choose-username`: the
 * proposed username is taken (or not allowed), pick one; `link-account`: an account has this address,
 * its password links it; `sign-in`: the account is known, POST /api/auth/pending/sign-in signs in
 * (asking for its second factor when it has one).
 */
export const PendingIdentity = Type.Object({
  kind: Type.Union([Type.Literal('choose-username'), Type.Literal('link-account'), Type.Literal('sign-in')]),
  provider: IdentityProvider,
  email: Type.String(),
  /** The username offered for a new account (choose-username), or the existing account's (the others). */
  username: Type.String(),
  /** Where the member was going (a path of this site), or null for the home page. */
  returnTo: Type.Union([Type.String(), Type.Null()]),
})
export type PendingIdentity = Static<typeof PendingIdentity>

/** POST /api/auth/pending/account: the username of the new account. */
export const PendingAccountBody = Type.Object(
  { username: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
)
export type PendingAccountBody = Static<typeof PendingAccountBody>

/** POST /api/auth/pending/link: the existing account's password, once, to link the provider to it. */
export const PendingLinkBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
)
export type PendingLinkBody = Static<typeof PendingLinkBody>

/** One provider account linked to the member (Settings). */
export const LinkedIdentity = Type.Object({
  provider: IdentityProvider,
  email: Type.String(),
  /** The provider's name for the account (GitHub login, Google name), when it gave one. */
  login: Type.Union([Type.String(), Type.Null()]),
  linkedAt: Type.String({ format: 'date-time' }),
})
export type LinkedIdentity = Static<typeof LinkedIdentity>

/** GET /api/users/me/identities: the linked providers, the configured ones, and whether a password is set. */
export const LinkedIdentitiesResponse = Type.Object({
  identities: Type.Array(LinkedIdentity),
  available: Type.Array(IdentityProvider),
  hasPassword: Type.Boolean(),
})
export type LinkedIdentitiesResponse = Static<typeof LinkedIdentitiesResponse>

/** POST /api/users/me/identities/:provider: the provider address to send the browser to. */
export const IdentityLinkStart = Type.Object({ url: Type.String() })
export type IdentityLinkStart = Static<typeof IdentityLinkStart>

/** POST /api/users/me/password/initial: a first password for an account made through a provider. */
export const InitialPasswordBody = Type.Object(
  { password: Type.String({ maxLength: 1024 }) },
  { additionalProperties: false },
)
export type InitialPasswordBody = Static<typeof InitialPasswordBody>
