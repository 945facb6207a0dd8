import type { Database, IdentityPendingKind, IdentityProvider, UserRow } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'
import { NO_PASSWORD_HASH } from '../../lib/password.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** An authorization in progress, as the start route stored it. */
export interface StoredState {
  provider: IdentityProvider
  codeVerifier: string
  nonce: string | null
  returnTo: string | null
  linkUserId: string | null
  expiresAt: Date
}

/** Stores an authorization's secrets under the hash of its state, pruning expired ones first. */
export async function insertState(
  db: Kysely<Database>,
  stateHash: string,
  state: Omit<StoredState, 'expiresAt'> & { seconds: number },
): Promise<void> {
  await db.deleteFrom('identity_states').where('expires_at', '<', sql<Date>`now()`).execute()
  await db
    .insertInto('identity_states')
    .values({
      state_hash: stateHash,
      provider: state.provider,
      code_verifier: state.codeVerifier,
      nonce: state.nonce,
      return_to: state.returnTo,
      link_user_id: state.linkUserId,
      expires_at: sql<Date>`now() + make_interval(secs => ${state.seconds})`,
    })
    .execute()
}

/**
 * Deletes and returns the authorization with this state hash, expired or not: a state is used once,
 * so a second callback with it (a replayed code) finds nothing.
 */
export async function takeState(db: Kysely<Database>, stateHash: string): Promise<StoredState | undefined> {
  const row = await db
    .deleteFrom('identity_states')
    .where('state_hash', '=', stateHash)
    .returningAll()
    .executeTakeFirst()
  if (!row) return undefined
  return {
    provider: row.provider,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    returnTo: row.return_to,
    linkUserId: row.link_user_id,
    expiresAt: row.expires_at,
  }
}

/** A linked provider account. */
export interface IdentityRow {
  id: string
  userId: string
  provider: IdentityProvider
  email: string
  login: string | null
  createdAt: Date
}

const identityColumns = [
  'id',
  'user_id as userId',
  'provider',
  'email',
  'login',
  'created_at as createdAt',
] as const

/** The member linked to this provider account, if any. */
export function findIdentity(
  db: Executor,
  provider: IdentityProvider,
  subject: string,
): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('user_identities')
    .select(identityColumns)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst()
}

/** Notes a sign-in through the identity, keeping its address and login as the provider has them now. */
export async function touchIdentity(
  db: Executor,
  id: string,
  profile: { email: string; login: string | null },
): Promise<void> {
  await db
    .updateTable('user_identities')
    .set({ last_used_at: sql<Date>`now()`, email: profile.email, login: profile.login })
    .where('id', '=', id)
    .execute()
}

/** Links a provider account; the unique indexes refuse a second link of either side (23505). */
export async function insertIdentity(
  db: Executor,
  identity: {
    userId: string
    provider: IdentityProvider
    subject: string
    email: string
    login: string | null
  },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      user_id: identity.userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      login: identity.login,
    })
    .execute()
}

/** The member's linked providers, in the order they were linked. */
export function listIdentities(db: Executor, userId: string): Promise<IdentityRow[]> {
  return db
    .selectFrom('user_identities')
    .select(identityColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The member's password hash (the marker when there is none), or undefined when the member is gone. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row?.password_hash
}

/**
 * Locks the member's row for an unlink or a first password, so two at once cannot both see another
 * way in; answers the password hash (the marker when there is none).
 */
export async function lockUserCredentials(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ passwordHash: string } | undefined> {
  return trx
    .selectFrom('users')
    .select('password_hash as passwordHash')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
}

/** Removes the member's identity of this provider; whether there was one. */
export async function deleteIdentity(
  trx: Transaction<Database>,
  userId: string,
  provider: IdentityProvider,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('user_identities')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Sets the first password of an account that had none (the caller checked, under the lock). */
export async function setInitialPassword(
  trx: Transaction<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('password_hash', '=', NO_PASSWORD_HASH)
    .execute()
}

/**
 * Inserts an account made through a provider: no password (the marker) and its address verified,
 * since the provider vouched for it. Uniqueness is the database's (23505 on a race).
 */
export function insertProviderUser(
  trx: Transaction<Database>,
  user: { username: string; email: string },
): Promise<UserRow> {
  return trx
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: NO_PASSWORD_HASH,
      email_verified_at: sql<Date>`now()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A verified provider identity waiting for the member. */
export interface PendingRow {
  kind: IdentityPendingKind
  provider: IdentityProvider
  subject: string
  email: string
  login: string | null
  proposedUsername: string
  userId: string | null
  returnTo: string | null
}

const pendingColumns = [
  'kind',
  'provider',
  'subject',
  'email',
  'login',
  'proposed_username as proposedUsername',
  'user_id as userId',
  'return_to as returnTo',
] as const

/** Stores a pending identity under its token's hash, pruning expired ones first. */
export async function insertPending(
  db: Kysely<Database>,
  tokenHash: string,
  pending: PendingRow & { seconds: number },
): Promise<void> {
  await db.deleteFrom('identity_pending').where('expires_at', '<', sql<Date>`now()`).execute()
  await db
    .insertInto('identity_pending')
    .values({
      token_hash: tokenHash,
      kind: pending.kind,
      provider: pending.provider,
      subject: pending.subject,
      email: pending.email,
      login: pending.login,
      proposed_username: pending.proposedUsername,
      user_id: pending.userId,
      return_to: pending.returnTo,
      expires_at: sql<Date>`now() + make_interval(secs => ${pending.seconds})`,
    })
    .execute()
}

/** The unexpired pending identity with this token hash. */
export function findPending(db: Executor, tokenHash: string): Promise<PendingRow | undefined> {
  return db
    .selectFrom('identity_pending')
    .select(pendingColumns)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
}

/** Deletes the pending identity (it is used once); whether it was still there to take. */
export async function deletePending(db: Executor, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('identity_pending')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}
