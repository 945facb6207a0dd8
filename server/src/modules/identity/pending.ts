import type { Database, IdentityProvider, UserRow } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { PendingIdentity } from '../../contract/identity.ts'
import { IDENTITY_ERRORS, IDENTITY_MESSAGES } from '../../contract/identity-messages.ts'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import { normalizeUsername } from '../../lib/credentials.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/password.ts'
import { tokenHash } from '../../lib/random-token.ts'
import { findTakenFields, findUserById } from '../accounts/repo.ts'
import { deletePending, findPending, insertIdentity, type PendingRow } from './repo.ts'
import { createProviderAccount, type IdentityDeps } from './service.ts'

/*
 * The steps a verified provider identity may still need, on the page the callback sends the browser
 * to; the pending cookie's token names it, and each step uses it up.
 */

/** The account a finished step signs into, through which provider, and where the member was going. */
export interface PendingOutcome {
  user: UserRow
  provider: IdentityProvider
  returnTo: string | null
}

async function pendingOf(
  db: Kysely<Database>,
  token: string | undefined,
  kind?: PendingRow['kind'],
): Promise<PendingRow & { tokenHash: string }> {
  const hash = token === undefined ? undefined : tokenHash(token)
  const row = hash === undefined ? undefined : await findPending(db, hash)
  if (!row || !hash || (kind !== undefined && row.kind !== kind))
    throw new NotFoundError(IDENTITY_MESSAGES.pendingGone)
  return { ...row, tokenHash: hash }
}

async function accountOf(db: Kysely<Database>, row: PendingRow): Promise<UserRow> {
  const user = row.userId === null ? undefined : await findUserById(db, row.userId)
  if (!user) throw new NotFoundError(IDENTITY_MESSAGES.pendingGone)
  return user
}

/** What the pending sign-in waits for, for the finishing page. */
export async function describePending(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<PendingIdentity> {
  const row = await pendingOf(db, token)
  return {
    kind: row.kind,
    provider: row.provider,
    email: row.email,
    username: row.proposedUsername,
    returnTo: row.returnTo,
  }
}

/**
 * Makes the account of a first provider sign-in whose proposed username was taken, with the one the
 * member picked (422 when it breaks the username rule, 409 when taken too). Answers the new member and
 * where they were going.
 */
export async function createPendingAccount(
  deps: Pick<IdentityDeps, 'db' | 'events'>,
  token: string | undefined,
  rawUsername: string,
): Promise<PendingOutcome> {
  const row = await pendingOf(deps.db, token, 'choose-username')
  const username = normalizeUsername(rawUsername)
  const taken = await findTakenFields(deps.db, username, row.email)
  if (taken.username) throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken, 'username')
  // The address got an account while the member was choosing: that account's password links it now.
  if (taken.email) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, 'email')
  let user: UserRow
  try {
    user = await createProviderAccount(
      deps,
      row.provider,
      { subject: row.subject, email: row.email, emailVerified: true, login: row.login },
      username,
    )
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (error.constraint?.includes('email')) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, 'email')
      if (error.constraint?.includes('identities')) throw new ConflictError(IDENTITY_ERRORS.taken)
      throw new ConflictError(ACCOUNT_MESSAGES.usernameTaken, 'username')
    }
    throw error
  }
  await deletePending(deps.db, row.tokenHash)
  return { user, provider: row.provider, returnTo: row.returnTo }
}

/**
 * Links the provider to the existing account with its address, once the member gives that account's
 * password (422 naming `password` when wrong; the caller counts it as a failed sign-in). Answers the
 * account, which still asks for its second factor before a session when it has one.
 */
export async function linkPendingAccount(
  db: Kysely<Database>,
  token: string | undefined,
  password: string,
): Promise<PendingOutcome> {
  const row = await pendingOf(db, token, 'link-account')
  const user = await accountOf(db, row)
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new InvalidError(IDENTITY_MESSAGES.passwordIncorrect, 'password')
  }
  // Taken once: a second request with the same cookie finds nothing.
  if (!(await deletePending(db, row.tokenHash))) throw new NotFoundError(IDENTITY_MESSAGES.pendingGone)
  try {
    await insertIdentity(db, {
      userId: user.id,
      provider: row.provider,
      subject: row.subject,
      email: row.email,
      login: row.login,
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(IDENTITY_ERRORS.taken)
    throw error
  }
  return { user, provider: row.provider, returnTo: row.returnTo }
}

/** The account a provider signed into; the pending identity is used up. */
export async function takePendingSignIn(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<PendingOutcome> {
  const row = await pendingOf(db, token, 'sign-in')
  const user = await accountOf(db, row)
  if (!(await deletePending(db, row.tokenHash))) throw new NotFoundError(IDENTITY_MESSAGES.pendingGone)
  return { user, provider: row.provider, returnTo: row.returnTo }
}

/** The login name the failure guard counts a link's password guesses under: the account's address. */
export async function pendingAccountName(db: Kysely<Database>, token: string | undefined): Promise<string> {
  const row = await pendingOf(db, token, 'link-account')
  return row.email
}
