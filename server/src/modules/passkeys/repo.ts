import type { Database, PasskeyChallengePurpose, PasskeyDeviceType } from '@bashboard/db'
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

/** A passkey row as the service reads it. */
export type PasskeyRow = Selectable<Database['passkeys']>

/** A ceremony's challenge, found by its hash and used up. */
export interface CeremonyChallenge {
  purpose: PasskeyChallengePurpose
  userId: string | null
  secondFactorChallengeId: string | null
}

/**
 * Prunes expired ceremony challenges (everyone's: the index makes it cheap), then stores the hash of a
 * new one expiring in `seconds`, by the database's clock.
 */
export async function insertCeremonyChallenge(
  db: Kysely<Database>,
  challenge: {
    hash: string
    purpose: PasskeyChallengePurpose
    userId: string | null
    secondFactorChallengeId: string | null
    seconds: number
  },
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', sql<Date>`now()`).execute()
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challenge.hash,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      second_factor_challenge_id: challenge.secondFactorChallengeId,
      expires_at: sql`now() + make_interval(secs => ${challenge.seconds})`,
    })
    .execute()
}

/**
 * Uses up the live challenge with this hash and purpose: it is removed whatever the answer turns out to
 * be, so an answer can never be replayed. Undefined when there is none (unknown, expired, used).
 */
export async function consumeCeremonyChallenge(
  db: Executor,
  hash: string,
  purpose: PasskeyChallengePurpose,
): Promise<CeremonyChallenge | undefined> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['purpose', 'user_id', 'second_factor_challenge_id'])
    .executeTakeFirst()
  return row
    ? { purpose: row.purpose, userId: row.user_id, secondFactorChallengeId: row.second_factor_challenge_id }
    : undefined
}

/** The member's passkeys, oldest first. */
export function listPasskeys(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The member's credential ids and transports, for the browser to pick from (or not to register again). */
export function listCredentialDescriptors(
  db: Executor,
  userId: string,
): Promise<{ credential_id: string; transports: string[] }[]> {
  return db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

/** The passkey with this credential id, whoever's it is. */
export function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()
}

/** A new passkey; undefined when the credential is registered already (to anyone). */
export function insertPasskey(
  db: Executor,
  passkey: {
    userId: string
    credentialId: string
    publicKey: Uint8Array
    counter: number
    transports: string[]
    deviceType: PasskeyDeviceType
    backedUp: boolean
    aaguid: string
    name: string
  },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
      aaguid: passkey.aaguid,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** Renames one of the member's passkeys; undefined when it is not theirs (or not there). */
export function renamePasskey(
  db: Executor,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst()
}

/** Removes one of the member's passkeys; false when it is not theirs (or not there). */
export async function deletePasskey(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return result.numDeletedRows === 1n
}

/**
 * Records a use: the new signature counter, the backup state and the time. Only while the counter
 * moves forward (or stays 0 for an authenticator that keeps none): of two requests racing with one
 * assertion, one wins; false for the other.
 */
export async function claimPasskeyUse(
  trx: Executor,
  use: { id: string; counter: number; backedUp: boolean },
): Promise<boolean> {
  const result = await trx
    .updateTable('passkeys')
    .set({ counter: use.counter, backed_up: use.backedUp, last_used_at: sql`now()` })
    .where('id', '=', use.id)
    .where((eb) => (use.counter === 0 ? eb('counter', '=', '0') : eb('counter', '<', String(use.counter))))
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
