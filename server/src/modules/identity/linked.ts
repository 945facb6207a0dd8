import type { Database, IdentityProvider } from '@bashboard/db'
import type { Kysely } from 'kysely'
import type { LinkedIdentitiesResponse } from '../../contract/identity.ts'
import { IDENTITY_MESSAGES } from '../../contract/identity-messages.ts'
import { checkNewPassword } from '../../lib/credentials.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { hashPassword, hasPassword } from '../../lib/password.ts'
import {
  deleteIdentity,
  findPasswordHash,
  listIdentities,
  lockUserCredentials,
  setInitialPassword,
} from './repo.ts'

/*
 * Settings → Security: the providers a member signs in with. The rule throughout: a member always
 * keeps one way in, a password or a linked provider.
 */

/** The member's linked providers, the ones this site offers and whether they have a password. */
export async function listLinked(
  db: Kysely<Database>,
  userId: string,
  available: readonly IdentityProvider[],
): Promise<LinkedIdentitiesResponse> {
  const [identities, passwordHash] = await Promise.all([
    listIdentities(db, userId),
    findPasswordHash(db, userId),
  ])
  return {
    identities: identities.map((identity) => ({
      provider: identity.provider,
      email: identity.email,
      login: identity.login,
      linkedAt: identity.createdAt.toISOString(),
    })),
    available: [...available],
    hasPassword: passwordHash !== undefined && hasPassword(passwordHash),
  }
}

/**
 * Unlinks the member's provider: 404 when none is linked, 409 when it is their last way in (no
 * password, no other provider). The member's row is locked, so two unlinks at once cannot both pass.
 */
export async function unlinkProvider(
  db: Kysely<Database>,
  userId: string,
  provider: IdentityProvider,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const credentials = await lockUserCredentials(trx, userId)
    const identities = await listIdentities(trx, userId)
    if (!credentials || !identities.some((identity) => identity.provider === provider)) {
      throw new NotFoundError(IDENTITY_MESSAGES.notLinked)
    }
    if (!hasPassword(credentials.passwordHash) && identities.length === 1) {
      throw new ConflictError(IDENTITY_MESSAGES.lastWayIn)
    }
    await deleteIdentity(trx, userId, provider)
  })
}

/**
 * Sets the first password of an account made through a provider (422 when too short or long, 409
 * when it has one: that is changed with the current password).
 */
export async function setFirstPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
): Promise<void> {
  const hash = await hashPassword(checkNewPassword(password))
  await db.transaction().execute(async (trx) => {
    const credentials = await lockUserCredentials(trx, userId)
    if (!credentials) throw new NotFoundError()
    if (hasPassword(credentials.passwordHash)) throw new ConflictError(IDENTITY_MESSAGES.passwordExists)
    await setInitialPassword(trx, userId, hash)
  })
}
