import { randomBytes } from 'node:crypto'
import type { Database } from '@bashboard/db'
import type { Kysely, Transaction } from 'kysely'
import { ACCOUNT_MESSAGES } from '../../contract/limits.ts'
import type {
  RecoveryCodesResponse,
  SecondFactorChallengeMethod,
  SecondFactorLoginBody,
  SecondFactorMethod,
  SecondFactorProofBody,
  SecondFactorRequired,
  SecondFactorStatus,
  TotpEnrolment,
} from '../../contract/second-factor.ts'
import {
  SECOND_FACTOR_CHALLENGE_ATTEMPTS,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_MESSAGES,
  TOTP_ENROLMENT_SECONDS,
} from '../../contract/second-factor-messages.ts'
import { ConflictError, InvalidError, UnauthorizedError } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import { tokenHash } from '../../lib/random-token.ts'
import { deriveSecretKey, openSecret, sealSecret } from '../../lib/secret-box.ts'
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  normalizeTotpCode,
  totpProvisioning,
  totpStepOf,
} from './codes.ts'
import {
  claimRecoveryCode,
  claimTotpStep,
  consumeChallenge,
  countPasskeysOf,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteChallengesOf,
  deleteTotp,
  enableTotp,
  findLiveChallenge,
  findPasswordHash,
  findTotpCredential,
  insertChallenge,
  listUnusedRecoveryCodes,
  recordChallengeFailure,
  replaceRecoveryCodes,
  type TotpCredential,
  upsertPendingTotp,
} from './repo.ts'

/*
 * The second factor (docs/product-rules.md#second-factor). Codes are checked first, outside any
 * transaction (hashing takes time); what a code spends (its time step, a recovery code, the
 * challenge) is then claimed inside one with a conditional write, so of two requests racing with the
 * same code exactly one succeeds.
 */

/** What the second factor's services need: the database and the key TOTP secrets are sealed with. */
export interface SecondFactorDeps {
  db: Kysely<Database>
  /** {@link totpSecretKey} of the server's JWT secret. */
  secretKey: Buffer
}

/**
 * The key TOTP secrets are sealed with, derived from JWT_SECRET (lib/secret-box.ts). Another
 * JWT_SECRET cannot open them: after changing it, members with an authenticator sign in with a
 * recovery code and enrol again.
 */
export function totpSecretKey(jwtSecret: string): Buffer {
  return deriveSecretKey(jwtSecret, 'totp-secret')
}

/**
 * The failure budget of one member's codes, bound to the request by the route (app.loginFailures
 * with the `second-factor` subject): a wrong code counts as a failed sign-in.
 */
export interface CodeFailures {
  /** Throws 429 when the budget is spent. */
  assertAllowed(): Promise<void>
  recordFailure(): Promise<void>
  recordSuccess(): Promise<void>
}

/** What a right code spends, claimed in the transaction that acts on it. */
type Proof = { method: 'totp'; step: number } | { method: 'recovery'; codeId: string }

/** Why a code was refused: the message to answer with. */
type Refusal = { refused: string }

/** The member's second factor as Settings shows it. */
export async function getSecondFactorStatus(
  db: Kysely<Database>,
  userId: string,
): Promise<SecondFactorStatus> {
  const [credential, remaining] = await Promise.all([
    findTotpCredential(db, userId, TOTP_ENROLMENT_SECONDS),
    countUnusedRecoveryCodes(db, userId),
  ])
  const enabledAt = credential?.enabledAt ?? null
  return {
    enabled: enabledAt !== null,
    totp: { enabled: enabledAt !== null, enabledAt: enabledAt?.toISOString() ?? null },
    recoveryCodesRemaining: enabledAt !== null ? remaining : 0,
  }
}

/**
 * Starts enrolling an authenticator app: a new secret, sealed and kept as pending (a pending one
 * started before is replaced), answered once as text, URI and QR code. 409 when one is on already.
 */
export async function startTotpEnrolment(
  deps: SecondFactorDeps,
  user: { id: string; username: string },
): Promise<TotpEnrolment> {
  const secret = newTotpSecret()
  const started = await upsertPendingTotp(deps.db, user.id, sealSecret(deps.secretKey, secret, user.id))
  if (!started) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyEnabled)
  const { otpauthUri, qrCode } = await totpProvisioning(secret, user.username)
  const expiresAt = new Date(started.createdAt.getTime() + TOTP_ENROLMENT_SECONDS * 1000)
  return { secret, otpauthUri, qrCode, expiresAt: expiresAt.toISOString() }
}

/**
 * Turns the pending authenticator on with its current code, and makes the first ten recovery codes
 * (answered this once; only their hashes are kept). 422 on `code` for a wrong code; 422 without a
 * field when no enrolment is pending or it is older than TOTP_ENROLMENT_SECONDS.
 */
export async function confirmTotpEnrolment(
  deps: SecondFactorDeps,
  userId: string,
  code: string,
): Promise<RecoveryCodesResponse> {
  const credential = await findTotpCredential(deps.db, userId, TOTP_ENROLMENT_SECONDS)
  if (credential?.enabledAt) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyEnabled)
  if (!credential?.fresh) throw new InvalidError(SECOND_FACTOR_MESSAGES.enrolmentMissing)
  const checked = await checkTotp(deps, credential, code)
  if ('refused' in checked) throw new InvalidError(checked.refused, 'code')
  const { codes, hashes } = await makeRecoveryCodes()
  await deps.db.transaction().execute(async (trx) => {
    if (!(await enableTotp(trx, userId, checked.step))) {
      throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadyEnabled)
    }
    await replaceRecoveryCodes(trx, userId, hashes)
  })
  return { recoveryCodes: codes, status: await getSecondFactorStatus(deps.db, userId) }
}

/**
 * New recovery codes for a member with a second factor, proven with a current code or an unused
 * recovery code; every earlier code stops working. A wrong proof is 422 on `code` and counts as a
 * failed sign-in.
 */
export async function regenerateRecoveryCodes(
  deps: SecondFactorDeps & { failures: CodeFailures },
  userId: string,
  proof: SecondFactorProofBody,
): Promise<RecoveryCodesResponse> {
  const credential = await requireEnabledTotp(deps.db, userId)
  await deps.failures.assertAllowed()
  const checked = await checkProof(deps, credential, proof)
  if ('refused' in checked) {
    await deps.failures.recordFailure()
    throw new InvalidError(checked.refused, 'code')
  }
  const { codes, hashes } = await makeRecoveryCodes()
  await deps.db.transaction().execute(async (trx) => {
    await claimProofOrThrow(trx, userId, checked, (message) => new InvalidError(message, 'code'))
    await replaceRecoveryCodes(trx, userId, hashes)
  })
  await deps.failures.recordSuccess()
  return { recoveryCodes: codes, status: await getSecondFactorStatus(deps.db, userId) }
}

/**
 * Turns the authenticator off, confirmed with the password and a current code (or a recovery code).
 * The recovery codes and any open sign-in challenge go with it: no second factor is left. A wrong
 * password is 422 on `password`, a wrong code 422 on `code`; both count as failed sign-ins.
 */
export async function disableTotp(
  deps: SecondFactorDeps & { failures: CodeFailures },
  userId: string,
  body: { password: string; method: SecondFactorMethod; code: string },
): Promise<SecondFactorStatus> {
  const credential = await requireEnabledTotp(deps.db, userId)
  await deps.failures.assertAllowed()
  const passwordHash = await findPasswordHash(deps.db, userId)
  if (!passwordHash || !(await verifyPassword(passwordHash, body.password))) {
    await deps.failures.recordFailure()
    throw new InvalidError(ACCOUNT_MESSAGES.currentPasswordIncorrect, 'password')
  }
  const checked = await checkProof(deps, credential, body)
  if ('refused' in checked) {
    await deps.failures.recordFailure()
    throw new InvalidError(checked.refused, 'code')
  }
  await deps.db.transaction().execute(async (trx) => {
    await claimProofOrThrow(trx, userId, checked, (message) => new InvalidError(message, 'code'))
    await deleteTotp(trx, userId)
    await replaceRecoveryCodes(trx, userId, [])
    await deleteChallengesOf(trx, userId)
  })
  await deps.failures.recordSuccess()
  return getSecondFactorStatus(deps.db, userId)
}

/**
 * After a right password: for a member with a second factor, a new sign-in challenge (a random token,
 * only its hash kept) valid for SECOND_FACTOR_CHALLENGE_SECONDS, once, and the methods that can
 * answer it; undefined for a member without one, who is signed in at once.
 */
export async function startSignInChallenge(
  db: Kysely<Database>,
  user: { id: string; token_version: number },
): Promise<SecondFactorRequired['secondFactor'] | undefined> {
  const credential = await findTotpCredential(db, user.id, TOTP_ENROLMENT_SECONDS)
  if (!credential?.enabledAt) return undefined
  const challenge = randomBytes(32).toString('base64url')
  const [{ expiresAt }, remaining, passkeys] = await Promise.all([
    insertChallenge(db, {
      userId: user.id,
      tokenHash: tokenHash(challenge),
      tokenVersion: user.token_version,
      seconds: SECOND_FACTOR_CHALLENGE_SECONDS,
    }),
    countUnusedRecoveryCodes(db, user.id),
    countPasskeysOf(db, user.id),
  ])
  const methods: SecondFactorChallengeMethod[] = ['totp']
  if (remaining > 0) methods.push('recovery')
  if (passkeys > 0) methods.push('passkey')
  return { challenge, methods, expiresAt: expiresAt.toISOString() }
}

/** A live sign-in challenge, checked to still stand: whose it is, to answer it with a passkey. */
export interface OpenChallenge {
  id: string
  userId: string
}

/**
 * The sign-in challenge `token` names, if it still stands: not expired, used or voided by a password
 * change, and its member still has a second factor. Otherwise 401 saying to enter the password again
 * (a voided one is removed on the way).
 */
export async function openSignInChallenge(db: Kysely<Database>, token: string): Promise<OpenChallenge> {
  const { challenge } = await openChallengeWithTotp(db, token)
  return challenge
}

/** {@link openSignInChallenge}, with the member's authenticator the code is checked against. */
async function openChallengeWithTotp(
  db: Kysely<Database>,
  token: string,
): Promise<{ challenge: OpenChallenge; credential: TotpCredential }> {
  const expired = () => new UnauthorizedError(SECOND_FACTOR_MESSAGES.challengeExpired)
  const challenge = await findLiveChallenge(db, tokenHash(token))
  if (!challenge) throw expired()
  if (challenge.issuedVersion !== challenge.currentVersion) {
    // The password changed since (or every session was ended): this password step no longer counts.
    await deleteChallenge(db, challenge.id)
    throw expired()
  }
  const credential = await findTotpCredential(db, challenge.userId, TOTP_ENROLMENT_SECONDS)
  if (!credential?.enabledAt) {
    await deleteChallenge(db, challenge.id)
    throw expired()
  }
  return { challenge: { id: challenge.id, userId: challenge.userId }, credential }
}

/** Counts a wrong answer against a challenge, which goes after SECOND_FACTOR_CHALLENGE_ATTEMPTS of them. */
export function recordSignInChallengeMiss(db: Kysely<Database>, challengeId: string): Promise<void> {
  return recordChallengeFailure(db, challengeId, SECOND_FACTOR_CHALLENGE_ATTEMPTS)
}

/**
 * Uses the challenge up inside the transaction that signs the member in, or throws the 401 of an
 * expired challenge when a racing request used it first.
 */
export async function consumeSignInChallenge(trx: Transaction<Database>, challengeId: string): Promise<void> {
  if (!(await consumeChallenge(trx, challengeId))) {
    throw new UnauthorizedError(SECOND_FACTOR_MESSAGES.challengeExpired)
  }
}

/**
 * Answers a sign-in challenge with a code; resolves to the member to sign in. Every refusal is a 401:
 * an unknown, expired, used or voided challenge says to enter the password again; a wrong code says
 * what was wrong, counts as a failed sign-in (`failuresFor`) and against the challenge, which goes
 * after SECOND_FACTOR_CHALLENGE_ATTEMPTS of them.
 */
export async function answerSignInChallenge(
  deps: SecondFactorDeps & { failuresFor: (userId: string) => CodeFailures },
  body: SecondFactorLoginBody,
): Promise<string> {
  const { challenge, credential } = await openChallengeWithTotp(deps.db, body.challenge)
  const failures = deps.failuresFor(challenge.userId)
  await failures.assertAllowed()
  const checked = await checkProof(deps, credential, body)
  if ('refused' in checked) {
    await failures.recordFailure()
    await recordSignInChallengeMiss(deps.db, challenge.id)
    throw new UnauthorizedError(checked.refused)
  }
  await deps.db.transaction().execute(async (trx) => {
    await consumeSignInChallenge(trx, challenge.id)
    await claimProofOrThrow(trx, challenge.userId, checked, (message) => new UnauthorizedError(message))
  })
  await failures.recordSuccess()
  return challenge.userId
}

async function requireEnabledTotp(db: Kysely<Database>, userId: string): Promise<TotpCredential> {
  const credential = await findTotpCredential(db, userId, TOTP_ENROLMENT_SECONDS)
  if (!credential?.enabledAt) throw new ConflictError(SECOND_FACTOR_MESSAGES.notEnabled)
  return credential
}

/** Ten new recovery codes and their argon2id hashes. */
async function makeRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = newRecoveryCodes()
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code) ?? code)))
  return { codes, hashes }
}

/** Whether `code` is the authenticator's code for about now and not used before: its step, or why not. */
async function checkTotp(
  deps: SecondFactorDeps,
  credential: TotpCredential,
  code: string,
): Promise<{ method: 'totp'; step: number } | Refusal> {
  const digits = normalizeTotpCode(code)
  if (!digits) return { refused: SECOND_FACTOR_MESSAGES.codeInvalid }
  const secret = openSecret(deps.secretKey, credential.secretSealed, credential.userId)
  // Sealed under another JWT_SECRET: no code can be checked, a recovery code still can.
  if (secret === undefined) return { refused: SECOND_FACTOR_MESSAGES.authenticatorUnreadable }
  const step = await totpStepOf(secret, digits)
  if (step === undefined) return { refused: SECOND_FACTOR_MESSAGES.codeInvalid }
  if (credential.lastUsedStep !== null && step <= credential.lastUsedStep) {
    return { refused: SECOND_FACTOR_MESSAGES.codeUsed }
  }
  return { method: 'totp', step }
}

/** Whether `code` is one of the member's unused recovery codes: which one, or why not. */
async function checkRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  code: string,
): Promise<{ method: 'recovery'; codeId: string } | Refusal> {
  const plain = normalizeRecoveryCode(code)
  if (!plain) return { refused: SECOND_FACTOR_MESSAGES.recoveryCodeInvalid }
  const unused = await listUnusedRecoveryCodes(db, userId)
  // At most ten argon2 checks, side by side on libuv's pool; only a caller who already holds the
  // password (a challenge) or a session can ask for them, and every miss counts as a failed sign-in.
  const matches = await Promise.all(unused.map((row) => verifyPassword(row.code_hash, plain)))
  const match = unused[matches.indexOf(true)]
  return match
    ? { method: 'recovery', codeId: match.id }
    : { refused: SECOND_FACTOR_MESSAGES.recoveryCodeInvalid }
}

function checkProof(
  deps: SecondFactorDeps,
  credential: TotpCredential,
  proof: { method: SecondFactorMethod; code: string },
): Promise<Proof | Refusal> {
  return proof.method === 'totp'
    ? checkTotp(deps, credential, proof.code)
    : checkRecoveryCode(deps.db, credential.userId, proof.code)
}

/** Spends what a right code proved, or throws (rolling back) when a racing request spent it first. */
async function claimProofOrThrow(
  trx: Transaction<Database>,
  userId: string,
  proof: Proof,
  refusal: (message: string) => Error,
): Promise<void> {
  if (proof.method === 'totp') {
    if (!(await claimTotpStep(trx, userId, proof.step))) throw refusal(SECOND_FACTOR_MESSAGES.codeUsed)
  } else if (!(await claimRecoveryCode(trx, proof.codeId))) {
    throw refusal(SECOND_FACTOR_MESSAGES.recoveryCodeInvalid)
  }
}

/** What a checked code will spend; opaque outside this module ({@link checkSecondFactorCode}). */
export interface SecondFactorSpend {
  readonly userId: string
  readonly proof: Proof
}

/**
 * Checks a code that confirms an action in place of the password (deleting the account): a current
 * authenticator code or an unused recovery code (`method`, else a 6-digit code is the app's). Nothing
 * is spent yet: the action spends it with {@link spendSecondFactorCode} inside its own transaction, so
 * an action that fails leaves the code unused. 409 when the member has no second factor; a wrong code
 * is 422 on `code` and counts as a failed sign-in, as everywhere else a code is typed.
 */
export async function checkSecondFactorCode(
  deps: SecondFactorDeps & { failures: CodeFailures },
  userId: string,
  given: { code: string; method?: SecondFactorMethod | undefined },
): Promise<SecondFactorSpend> {
  const credential = await requireEnabledTotp(deps.db, userId)
  await deps.failures.assertAllowed()
  const method = given.method ?? (normalizeTotpCode(given.code) ? 'totp' : 'recovery')
  const checked = await checkProof(deps, credential, { method, code: given.code })
  if ('refused' in checked) {
    await deps.failures.recordFailure()
    throw new InvalidError(checked.refused, 'code')
  }
  return { userId, proof: checked }
}

/** Spends a checked code in the action's transaction; 422 on `code` when a racing request spent it. */
export function spendSecondFactorCode(trx: Transaction<Database>, spend: SecondFactorSpend): Promise<void> {
  return claimProofOrThrow(trx, spend.userId, spend.proof, (message) => new InvalidError(message, 'code'))
}
