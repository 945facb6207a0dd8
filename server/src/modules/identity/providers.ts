import type { IdentityProvider } from '@bashboard/db'
import type { Config } from '../../config.ts'
import { createGitHubProvider } from './github.ts'
import { createGoogleProvider } from './google.ts'
import { callbackUrl, type ProviderClient } from './provider-client.ts'

/** The providers configured on this site, by name (none when no client id is set). */
export function createProviders(config: Config): Map<IdentityProvider, ProviderClient> {
  const providers = new Map<IdentityProvider, ProviderClient>()
  if (config.github) {
    providers.set('github', createGitHubProvider(config.github, callbackUrl(config.publicOrigin, 'github')))
  }
  if (config.google) {
    providers.set('google', createGoogleProvider(config.google, callbackUrl(config.publicOrigin, 'google')))
  }
  return providers
}
