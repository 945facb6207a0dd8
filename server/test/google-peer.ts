import { OAuth2Server } from 'oauth2-mock-server'

/*
 * Google's side of the OpenID Connect tests: oauth2-mock-server, a real OIDC issuer with discovery,
 * a JWKS and signed ID tokens, PKCE checked at its token endpoint and the nonce carried into the ID
 * token. The claims of the next ID token (Google's `sub`, `email`, `email_verified`, `name`) are the
 * test's to set.
 */

export interface GoogleClaims {
  sub: string
  email: string
  email_verified: boolean
  name?: string
}

export interface GooglePeer {
  issuerUrl: string
  clientId: string
  clientSecret: string
  /** The claims the next ID token carries. */
  signInAs(claims: GoogleClaims): void
  /** Signs the next ID token with a key that is not in the issuer's JWKS. */
  forgeNextToken(): void
  close(): Promise<void>
}

/** Starts the issuer on a free port of 127.0.0.1 with an RS256 key. */
export async function startGooglePeer(): Promise<GooglePeer> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const issuerUrl = server.issuer.url ?? ''
  let claims: GoogleClaims = { sub: 'google-0', email: 'nobody@example.com', email_verified: true }
  let forge = false
  server.service.on(
    'beforeTokenSigning',
    (token: { header: Record<string, unknown>; payload: Record<string, unknown> }) => {
      Object.assign(token.payload, claims)
      if (forge) token.header.kid = 'not-a-published-key'
    },
  )
  server.service.on('beforeResponse', () => {
    forge = false
  })
  return {
    issuerUrl,
    clientId: 'google-client',
    clientSecret: 'google-secret',
    signInAs(next) {
      claims = next
    },
    forgeNextToken() {
      forge = true
    },
    close: () => server.stop(),
  }
}
