import * as oidc from 'openid-client'
import type { Config } from '../../config.ts'
import {
  type AuthorizationChecks,
  isLoopbackHttp,
  type ProviderClient,
  ProviderDenied,
} from './provider-client.ts'

type GoogleConfig = NonNullable<Config['google']>

/**
 * Sign in with Google: OpenID Connect with state, PKCE and a nonce. The endpoints and signing keys are
 * discovered from the issuer (once, again after a failure); the ID token's signature is checked
 * against the issuer's JWKS (non-repudiation checks) before its `email_verified` is believed.
 */
export function createGoogleProvider(google: GoogleConfig, redirectUri: string): ProviderClient {
  let discovered: Promise<oidc.Configuration> | undefined
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(google.issuerUrl), google.clientId, google.clientSecret, undefined, {
        execute: [
          oidc.enableNonRepudiationChecks,
          ...(isLoopbackHttp(google.issuerUrl) ? [oidc.allowInsecureRequests] : []),
        ],
      })
      .catch((error: unknown) => {
        // A provider that was down at the first sign-in is asked again at the next one.
        discovered = undefined
        throw error
      })
    return discovered
  }

  return {
    name: 'google',
    async authorizationUrl(checks: AuthorizationChecks) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
    },
    async profileFromCallback(callbackUrl, checks) {
      if (callbackUrl.searchParams.get('error') === 'access_denied') throw new ProviderDenied()
      const tokens = await oidc.authorizationCodeGrant(
        await configuration(),
        callbackUrl,
        {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        },
        { redirect_uri: redirectUri },
      )
      const claims = tokens.claims()
      if (!claims) throw new Error('Google answered without an ID token')
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : ''
      const name = typeof claims.name === 'string' ? claims.name : null
      return { subject: claims.sub, email, emailVerified: claims.email_verified === true, login: name }
    },
  }
}
