import type { Database, IdentityPendingKind, IdentityProvider, UserRow } from '@bashboard/db'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { IDENTITY_ERRORS, type IdentityErrorCode } from '../../contract/identity-messages.ts'
import type { DomainEvents } from '../../events/dispatcher.ts'
import { normalizeEmail } from '../../lib/credentials.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { randomToken, sameToken, tokenHash } from '../../lib/random-token.ts'
import { findTakenFields, findUserByEmail, findUserById } from '../accounts/repo.ts'
import { PENDING_SECONDS, STATE_SECONDS } from './cookies.ts'
import type { ProviderClient, ProviderProfile } from './provider-client.ts'
import { ProviderDenied } from './provider-client.ts'
import {
  findIdentity,
  insertIdentity,
  insertPending,
  insertProviderUser,
  insertState,
  takeState,
  touchIdentity,
} from './repo.ts'
import { proposeUsername } from './username.ts'

/** What the identity services need: the database, the domain events, the configured providers. */
export interface IdentityDeps {
  db: Kysely<Database>
  events: DomainEvents
  providers: ReadonlyMap<IdentityProvider, ProviderClient>
  log: FastifyBaseLogger
}

/** The configured provider, or a 404 for one this site does not offer. */
export function providerOf(deps: Pick<IdentityDeps, 'providers'>, name: IdentityProvider): ProviderClient {
  const provider = deps.providers.get(name)
  if (!provider) throw new NotFoundError(IDENTITY_ERRORS.unavailable)
  return provider
}

/**
 * Starts an authorization: a random state, PKCE verifier and nonce, stored server-side under the
 * state's hash with where to come back to (or, from Settings, the member linking). Answers the
 * provider's address and the state for the browser's cookie.
 */
export async function startAuthorization(
  deps: IdentityDeps,
  name: IdentityProvider,
  options: { returnTo?: string | undefined; linkUserId?: string },
): Promise<{ url: URL; state: string }> {
  const provider = providerOf(deps, name)
  const checks = { state: randomToken(), codeVerifier: randomToken(), nonce: randomToken() }
  const url = await provider.authorizationUrl(checks)
  await insertState(deps.db, tokenHash(checks.state), {
    provider: name,
    codeVerifier: checks.codeVerifier,
    nonce: checks.nonce,
    returnTo: options.returnTo ?? null,
    linkUserId: options.linkUserId ?? null,
    seconds: STATE_SECONDS,
  })
  return { url, state: checks.state }
}

/** Where a callback leaves the browser. */
export type CallbackOutcome =
  | { kind: 'pending'; token: string }
  | { kind: 'linked' }
  | { kind: 'failed'; error: IdentityErrorCode; linking: boolean }

/**
 * Finishes an authorization. The state must be the browser's (its cookie) and a stored, unexpired,
 * unused one of this provider; the code is exchanged with its PKCE verifier (and, for Google, the ID
 * token's signature and nonce checked); the provider's address must be verified. Then: a linked
 * identity, or a new account, waits for the finishing page to sign in (the web app keeps its session
 * from that answer, and an account with a second factor asks for it there), a link from Settings is made, an
 * address of an existing account waits for its password, and anything else makes an account with the
 * proposed username, or waits for one when it is taken.
 */
export async function completeAuthorization(
  deps: IdentityDeps,
  name: IdentityProvider,
  callback: { url: URL; cookieState: string | undefined },
): Promise<CallbackOutcome> {
  const provider = providerOf(deps, name)
  const state = callback.url.searchParams.get('state')
  const fail = (error: IdentityErrorCode, linking = false): CallbackOutcome => ({
    kind: 'failed',
    error,
    linking,
  })
  if (!state || !callback.cookieState || !sameToken(state, callback.cookieState)) return fail('state')
  const stored = await takeState(deps.db, tokenHash(state))
  if (!stored || stored.provider !== name || stored.expiresAt.getTime() <= Date.now()) return fail('state')
  const linking = stored.linkUserId !== null

  let profile: ProviderProfile
  try {
    profile = await provider.profileFromCallback(callback.url, {
      state,
      codeVerifier: stored.codeVerifier,
      nonce: stored.nonce ?? '',
    })
  } catch (error) {
    if (error instanceof ProviderDenied) return fail('denied', linking)
    // A refused code (replayed, expired), a bad signature or an unreachable provider: logged for the
    // operator, one message for the member.
    deps.log.warn({ err: error, provider: name }, 'provider sign-in failed')
    return fail('provider', linking)
  }
  let email: string
  try {
    email = normalizeEmail(profile.email)
  } catch {
    return fail('unverified', linking)
  }
  if (!profile.emailVerified) return fail('unverified', linking)
  const verified = { ...profile, email }

  if (stored.linkUserId !== null) return linkToMember(deps, name, stored.linkUserId, verified)

  const identity = await findIdentity(deps.db, name, verified.subject)
  if (identity) {
    const user = await findUserById(deps.db, identity.userId)
    if (!user) return fail('state')
    await touchIdentity(deps.db, identity.id, verified)
    return pending(deps, 'sign-in', name, verified, user, stored.returnTo)
  }

  // Never merged silently: an account with this address is linked only after its password.
  const owner = await findUserByEmail(deps.db, verified.email)
  if (owner) return pending(deps, 'link-account', name, verified, owner, stored.returnTo)

  const username = proposeUsername(verified.login, verified.email)
  const taken = username === '' || (await findTakenFields(deps.db, username, verified.email)).username
  if (!taken) {
    const user = await createProviderAccount(deps, name, verified, username).catch((error: unknown) => {
      // Someone took the name (or the address) a moment ago: the member picks, or links, on the page.
      if (isUniqueViolation(error)) return undefined
      throw error
    })
    if (user) return pending(deps, 'sign-in', name, verified, user, stored.returnTo)
  }
  return pending(deps, 'choose-username', name, verified, undefined, stored.returnTo)
}

async function linkToMember(
  deps: IdentityDeps,
  name: IdentityProvider,
  userId: string,
  profile: ProviderProfile,
): Promise<CallbackOutcome> {
  const existing = await findIdentity(deps.db, name, profile.subject)
  if (existing) {
    return existing.userId === userId ? { kind: 'linked' } : { kind: 'failed', error: 'taken', linking: true }
  }
  try {
    await insertIdentity(deps.db, { ...identityFields(profile), userId, provider: name })
  } catch (error) {
    // The member linked another account of this provider in the meantime, or someone else linked this one.
    if (isUniqueViolation(error)) return { kind: 'failed', error: 'taken', linking: true }
    throw error
  }
  return { kind: 'linked' }
}

/** What an identity row keeps of a profile. */
function identityFields(profile: ProviderProfile) {
  return { subject: profile.subject, email: profile.email, login: profile.login }
}

async function pending(
  deps: IdentityDeps,
  kind: IdentityPendingKind,
  name: IdentityProvider,
  profile: ProviderProfile,
  user: UserRow | undefined,
  returnTo: string | null,
): Promise<CallbackOutcome> {
  const token = randomToken()
  await insertPending(deps.db, tokenHash(token), {
    kind,
    provider: name,
    subject: profile.subject,
    email: profile.email,
    login: profile.login,
    proposedUsername: user?.username ?? proposeUsername(profile.login, profile.email),
    userId: user?.id ?? null,
    returnTo,
    seconds: PENDING_SECONDS,
  })
  return { kind: 'pending', token }
}

/**
 * Makes the account of a first provider sign-in: no password, its address verified (the provider
 * vouched for it), the identity linked, in one transaction; `user.signed_up` once it commits. Throws
 * the unique violation when the username or address was taken in between.
 */
export async function createProviderAccount(
  deps: Pick<IdentityDeps, 'db' | 'events'>,
  name: IdentityProvider,
  profile: ProviderProfile,
  username: string,
): Promise<UserRow> {
  const user = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertProviderUser(trx, { username, email: profile.email })
    await insertIdentity(trx, { ...identityFields(profile), userId: inserted.id, provider: name })
    return inserted
  })
  await deps.events.emit('user.signed_up', {
    user: { id: user.id, username: user.username },
    at: user.created_at,
  })
  return user
}
