import * as oidc from 'openid-client'
import type { Config } from '../../config.ts'
import {
  type AuthorizationChecks,
  isLoopbackHttp,
  type ProviderClient,
  ProviderDenied,
} from './provider-client.ts'

type GitHubConfig = NonNullable<Config['github']>

interface GitHubUser {
  id: number
  login: string
}

interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
}

/**
 * Sign in with GitHub: OAuth 2 with state and PKCE (GitHub has no OpenID Connect), then the profile
 * from the REST API. The address is the primary one of /user/emails, and counts only when verified.
 */
export function createGitHubProvider(github: GitHubConfig, redirectUri: string): ProviderClient {
  const config = new oidc.Configuration(
    {
      issuer: github.oauthUrl,
      authorization_endpoint: `${github.oauthUrl}/login/oauth/authorize`,
      token_endpoint: `${github.oauthUrl}/login/oauth/access_token`,
    },
    github.clientId,
    github.clientSecret,
  )
  if (isLoopbackHttp(github.oauthUrl) || isLoopbackHttp(github.apiUrl)) oidc.allowInsecureRequests(config)

  async function api<T>(accessToken: string, path: string): Promise<T> {
    const headers = new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'Bashboard' })
    const response = await oidc.fetchProtectedResource(
      config,
      accessToken,
      new URL(`${github.apiUrl}${path}`),
      'GET',
      undefined,
      headers,
    )
    if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`)
    return (await response.json()) as T
  }

  return {
    name: 'github',
    async authorizationUrl(checks: AuthorizationChecks) {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      })
    },
    async profileFromCallback(callbackUrl, checks) {
      if (callbackUrl.searchParams.get('error') === 'access_denied') throw new ProviderDenied()
      const tokens = await oidc.authorizationCodeGrant(
        config,
        callbackUrl,
        { expectedState: checks.state, pkceCodeVerifier: checks.codeVerifier, idTokenExpected: false },
        { redirect_uri: redirectUri },
      )
      const [user, emails] = await Promise.all([
        api<GitHubUser>(tokens.access_token, '/user'),
        api<GitHubEmail[]>(tokens.access_token, '/user/emails'),
      ])
      const primary = emails.find((entry) => entry.primary)
      return {
        subject: String(user.id),
        email: (primary?.email ?? '').toLowerCase(),
        emailVerified: primary?.verified === true,
        login: user.login,
      }
    },
  }
}
