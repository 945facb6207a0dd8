import type { IdentityProvider } from '@bashboard/db'

/** Who the member is at the provider, as its callback told us. */
export interface ProviderProfile {
  /** The provider's stable id for the account (GitHub's numeric id, Google's `sub`). */
  subject: string
  /** The account's primary address at the provider, lower-cased. */
  email: string
  /** Whether the provider vouches for `email` (GitHub's primary+verified, Google's `email_verified`). */
  emailVerified: boolean
  /** The provider's name for the account (GitHub login, Google name), the source of a proposed username. */
  login: string | null
}

/** The secrets of one authorization: sent (hashed or derived) to the provider, checked on return. */
export interface AuthorizationChecks {
  state: string
  codeVerifier: string
  nonce: string
}

/** One sign-in provider, speaking OAuth 2 / OpenID Connect through openid-client. */
export interface ProviderClient {
  readonly name: IdentityProvider
  /** The provider's authorization address for these checks, coming back to `redirectUri`. */
  authorizationUrl(checks: AuthorizationChecks): Promise<URL>
  /**
   * Exchanges the code of the callback address (state and PKCE checked by the client) and reads the
   * profile. Throws on any refusal; `ProviderDenied` when the member cancelled at the provider.
   */
  profileFromCallback(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderProfile>
}

/** The member said no at the provider (`error=access_denied` on the callback). */
export class ProviderDenied extends Error {
  override readonly name = 'ProviderDenied'
}

/** The callback address of `provider` on this site, as registered with the provider. */
export function callbackUrl(publicOrigin: string, provider: IdentityProvider): string {
  return `${publicOrigin}/api/auth/${provider}/callback`
}

/**
 * openid-client refuses plain http; a test peer on the loopback interface is the one place it is
 * allowed, so a mistyped production URL still fails.
 */
export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url)
  return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
}
