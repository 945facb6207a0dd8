import type { Database } from '@bashboard/db'
import { type Kysely, sql, type Transaction } from 'kysely'

type Executor = Kysely<Database> | Transaction<Database>

/** A member's authenticator as the service reads it. */
export interface TotpCredential {
  userId: string
  secretSealed: string
  enabledAt: Date | null
  lastUsedStep: number | null
  /** Whether a pending enrolment is still within its time (always true once enabled). */
  fresh: boolean
}

/** The member's authenticator (enabled or pending); a pending one is `fresh` within `pendingSeconds`. */
export async function findTotpCredential(
  db: Executor,
  userId: string,
  pendingSeconds: number,
): Promise<TotpCredential | undefined> {
  const row = await db
    .selectFrom('totp_credentials')
    .select([
      'user_id',
      'secret_sealed',
      'enabled_at',
      'last_used_step',
      sql<boolean>`enabled_at IS NOT NULL OR created_at > now() - make_interval(secs => ${pendingSeconds})`.as(
        'fresh',
      ),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    userId: row.user_id,
    secretSealed: row.secret_sealed,
    enabledAt: row.enabled_at,
    lastUsedStep: row.last_used_step,
    fresh: row.fresh,
  }
}

/**
 * Starts (or restarts) an enrolment with a new sealed secret. An enabled authenticator is left as it
 * is: then nothing is returned.
 */
export async function upsertPendingTotp(
  db: Executor,
  userId: string,
  secretSealed: string,
): Promise<{ createdAt: Date } | undefined> {
  const row = await db
    .insertInto('totp_credentials')
    .values({ user_id: userId, secret_sealed: secretSealed })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_sealed: secretSealed, created_at: sql`now()`, last_used_step: null })
        .where('totp_credentials.enabled_at', 'is', null),
    )
    .returning('created_at')
    .executeTakeFirst()
  return row ? { createdAt: row.created_at } : undefined
}

/** Turns a pending enrolment on, its first code's step used; false when it was not pending. */
export async function enableTotp(trx: Transaction<Database>, userId: string, step: number): Promise<boolean> {
  const result = await trx
    .updateTable('totp_credentials')
    .set({ enabled_at: sql`now()`, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/**
 * Records `step` as the last one used, only if it is later than the one recorded: of two requests
 * racing with one code, one wins. False when the code's step was used already (or TOTP is off).
 */
export async function claimTotpStep(
  trx: Transaction<Database>,
  userId: string,
  step: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('totp_credentials')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** Removes the member's authenticator, enabled or pending. */
export async function deleteTotp(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('totp_credentials').where('user_id', '=', userId).execute()
}

/** The hashes of the member's unused recovery codes. */
export function listUnusedRecoveryCodes(
  db: Executor,
  userId: string,
): Promise<{ id: string; code_hash: string }[]> {
  return db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** Unused recovery codes the member has left. */
export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Spends one recovery code; false when it was spent meanwhile. */
export async function claimRecoveryCode(trx: Transaction<Database>, codeId: string): Promise<boolean> {
  const result = await trx
    .updateTable('recovery_codes')
    .set({ used_at: sql`now()` })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

/** Replaces all of the member's recovery codes (used or not) with these hashes. */
export async function replaceRecoveryCodes(
  trx: Transaction<Database>,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  if (hashes.length === 0) return
  await trx
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute()
}

/** The password hash a change of the second factor is confirmed against. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row?.password_hash
}

/** A sign-in challenge that has not expired, with its member's current token version. */
export interface LiveChallenge {
  id: string
  userId: string
  /** The token version it was issued under, and the member's now: they differ after a password change. */
  issuedVersion: number
  currentVersion: number
}

/**
 * Prunes expired challenges (everyone's: the index makes it cheap), then stores a new one expiring in
 * `seconds`, by the database's clock.
 */
export async function insertChallenge(
  db: Kysely<Database>,
  challenge: { userId: string; tokenHash: string; tokenVersion: number; seconds: number },
): Promise<{ expiresAt: Date }> {
  await db.deleteFrom('second_factor_challenges').where('expires_at', '<', sql<Date>`now()`).execute()
  return db
    .insertInto('second_factor_challenges')
    .values({
      user_id: challenge.userId,
      token_hash: challenge.tokenHash,
      token_version: challenge.tokenVersion,
      expires_at: sql`now() + make_interval(secs => ${challenge.seconds})`,
    })
    .returning('expires_at as expiresAt')
    .executeTakeFirstOrThrow()
}

/** The challenge with this token hash, if it has not expired. */
export function findLiveChallenge(db: Executor, tokenHash: string): Promise<LiveChallenge | undefined> {
  return db
    .selectFrom('second_factor_challenges as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id as userId',
      'c.token_version as issuedVersion',
      'u.token_version as currentVersion',
    ])
    .where('c.token_hash', '=', tokenHash)
    .where('c.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
}

/** Counts a wrong code against a challenge, removing it at `maxAttempts`. */
export async function recordChallengeFailure(
  db: Kysely<Database>,
  id: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .updateTable('second_factor_challenges')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
  await db
    .deleteFrom('second_factor_challenges')
    .where('id', '=', id)
    .where('failed_attempts', '>=', maxAttempts)
    .execute()
}

/** Uses a challenge up: true for the one request that removed it while it was still live. */
export async function consumeChallenge(trx: Transaction<Database>, id: string): Promise<boolean> {
  const row = await trx
    .deleteFrom('second_factor_challenges')
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Removes a challenge (voided by a password change). */
export async function deleteChallenge(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('id', '=', id).execute()
}

/** Removes every open challenge of the member (the second factor was turned off). */
export async function deleteChallengesOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('user_id', '=', userId).execute()
}

/** How many passkeys the member has: each one can answer their sign-in challenge too. */
export async function countPasskeysOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
