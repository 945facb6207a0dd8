import type { Database, UserRow } from '@bashboard/db'
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { Kysely } from 'kysely'
import {
  PASSKEY_CEREMONY_TIMEOUT_MS,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MESSAGES,
} from '../../contract/passkey-messages.ts'
import type {
  PasskeyAuthenticationCredential,
  PasskeySecondFactorBody,
  PasskeySignInBody,
  PasskeySignInStart,
} from '../../contract/passkeys.ts'
import { ConflictError, UnauthorizedError } from '../../lib/errors.ts'
import { tokenHash } from '../../lib/random-token.ts'
import { findUserById } from '../accounts/repo.ts'
import type { CodeFailures } from '../second-factor/service.ts'
import {
  consumeSignInChallenge,
  openSignInChallenge,
  recordSignInChallengeMiss,
} from '../second-factor/service.ts'
import { challengeOf, relyingPartyIdFor, signCountOf, userHandleOf } from './ceremony.ts'
import {
  claimPasskeyUse,
  consumeCeremonyChallenge,
  findPasskeyByCredentialId,
  insertCeremonyChallenge,
  listCredentialDescriptors,
  type PasskeyRow,
} from './repo.ts'
import type { PasskeyDeps } from './service.ts'

/*
 * Signing in with a passkey (docs/product-rules.md#passkeys): alone, with a discoverable credential and
 * user verification (the passkey is then both factors), or as the answer to the password step's
 * second-factor challenge. Every refusal is a 401; a wrong answer counts as a failed sign-in of the
 * passkey's member. An assertion is checked outside any transaction; what it spends (the counter, the
 * password step's challenge) is claimed inside one with conditional writes, so of two racing requests
 * with one assertion exactly one succeeds.
 */

/** The sign-in services' needs: a member's failure budget, bound to the request by the route. */
export interface PasskeySignInDeps extends PasskeyDeps {
  failuresFor: (userId: string) => CodeFailures
}

/** What a verified assertion spends: the passkey's new counter and backup state. */
interface VerifiedUse {
  id: string
  counter: number
  backedUp: boolean
}

/**
 * Options for signing in with a passkey alone: no credentials listed (the browser offers the site's
 * discoverable ones), user verification required, and a challenge of nobody's yet.
 */
export async function startPasskeySignIn(
  deps: PasskeyDeps,
  origin: string | undefined,
): Promise<PasskeySignInStart> {
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyIdFor(deps.relyingParty, origin),
    userVerification: 'required',
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
  })
  await insertCeremonyChallenge(deps.db, {
    hash: tokenHash(options.challenge),
    purpose: 'sign-in',
    userId: null,
    secondFactorChallengeId: null,
    seconds: PASSKEY_CHALLENGE_SECONDS,
  })
  return { options }
}

/**
 * Signs in with a passkey alone: the assertion must answer a live sign-in challenge (used up here),
 * come from a registered credential whose user handle is its member's, be verified by the user, and
 * move the counter forward. Resolves to the member to sign in.
 */
export async function signInWithPasskey(deps: PasskeySignInDeps, body: PasskeySignInBody): Promise<UserRow> {
  const { credential } = body
  const challenge = await spendCeremony(deps.db, credential, 'sign-in')
  const passkey = await findPasskeyByCredentialId(deps.db, credential.id)
  if (!passkey) throw new UnauthorizedError(PASSKEY_MESSAGES.unknownCredential)
  const failures = deps.failuresFor(passkey.user_id)
  await failures.assertAllowed()
  const handle = credential.response.userHandle
  const handleMatches =
    handle === undefined || handle === Buffer.from(userHandleOf(passkey.user_id)).toString('base64url')
  const checked = handleMatches
    ? await checkAssertion(deps, passkey, credential, challenge, true)
    : { refused: PASSKEY_MESSAGES.verificationFailed }
  if ('refused' in checked) {
    await failures.recordFailure()
    throw new UnauthorizedError(checked.refused)
  }
  // One conditional write: of two requests with one assertion, only one moves the counter.
  if (!(await claimPasskeyUse(deps.db, checked)))
    throw new UnauthorizedError(PASSKEY_MESSAGES.counterRegressed)
  await failures.recordSuccess()
  return signedInMember(deps.db, passkey.user_id)
}

/**
 * Options for answering the password step's challenge with a passkey: the member's credentials, and a
 * ceremony challenge that goes with the password step's. 401 when that challenge no longer stands,
 * 409 when the member has no passkey.
 */
export async function startPasskeySecondFactor(
  deps: PasskeyDeps,
  challengeToken: string,
  origin: string | undefined,
): Promise<PasskeySignInStart> {
  const challenge = await openSignInChallenge(deps.db, challengeToken)
  const descriptors = await listCredentialDescriptors(deps.db, challenge.userId)
  if (descriptors.length === 0) throw new ConflictError(PASSKEY_MESSAGES.noPasskeys)
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyIdFor(deps.relyingParty, origin),
    allowCredentials: descriptors.map((row) => ({ id: row.credential_id, transports: row.transports })),
    // After a right password, the passkey is the possession factor: presence is enough.
    userVerification: 'preferred',
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
  })
  await insertCeremonyChallenge(deps.db, {
    hash: tokenHash(options.challenge),
    purpose: 'second-factor',
    userId: challenge.userId,
    secondFactorChallengeId: challenge.id,
    seconds: PASSKEY_CHALLENGE_SECONDS,
  })
  return { options }
}

/**
 * Answers the password step's challenge with one of its member's passkeys. A ceremony challenge of
 * another password step, or a credential of another member, is refused; a wrong answer counts against
 * the member and the password step's challenge, as a wrong code does. Resolves to the member to sign in.
 */
export async function answerChallengeWithPasskey(
  deps: PasskeySignInDeps,
  body: PasskeySecondFactorBody,
): Promise<UserRow> {
  const challenge = await openSignInChallenge(deps.db, body.challenge)
  const failures = deps.failuresFor(challenge.userId)
  await failures.assertAllowed()
  const { credential } = body
  const ceremony = await spendCeremony(deps.db, credential, 'second-factor', challenge.id)
  const passkey = await findPasskeyByCredentialId(deps.db, credential.id)
  const checked =
    passkey?.user_id === challenge.userId
      ? await checkAssertion(deps, passkey, credential, ceremony, false)
      : { refused: PASSKEY_MESSAGES.unknownCredential }
  if ('refused' in checked) {
    await failures.recordFailure()
    await recordSignInChallengeMiss(deps.db, challenge.id)
    throw new UnauthorizedError(checked.refused)
  }
  await deps.db.transaction().execute(async (trx) => {
    await consumeSignInChallenge(trx, challenge.id)
    if (!(await claimPasskeyUse(trx, checked))) throw new UnauthorizedError(PASSKEY_MESSAGES.counterRegressed)
  })
  await failures.recordSuccess()
  return signedInMember(deps.db, challenge.userId)
}

/**
 * Uses up the ceremony challenge the assertion answered, whatever comes next, so it is never accepted
 * twice; 401 when it is not a live one of this purpose (and, for the second factor, of this password
 * step). Resolves to the challenge, to verify the assertion against.
 */
async function spendCeremony(
  db: Kysely<Database>,
  credential: PasskeyAuthenticationCredential,
  purpose: 'sign-in' | 'second-factor',
  secondFactorChallengeId?: string,
): Promise<string> {
  const challenge = challengeOf(credential.response.clientDataJSON)
  const ceremony = challenge ? await consumeCeremonyChallenge(db, tokenHash(challenge), purpose) : undefined
  if (!challenge || !ceremony || ceremony.secondFactorChallengeId !== (secondFactorChallengeId ?? null)) {
    throw new UnauthorizedError(PASSKEY_MESSAGES.challengeExpired)
  }
  return challenge
}

/**
 * Verifies an assertion of `passkey` for `challenge` (signature, origin, relying party, presence, and
 * user verification when `requireUserVerification`), its counter moving forward and its
 * backup-eligible flag unchanged: what it spends, or why it was refused.
 */
async function checkAssertion(
  deps: PasskeyDeps,
  passkey: PasskeyRow,
  credential: PasskeyAuthenticationCredential,
  challenge: string,
  requireUserVerification: boolean,
): Promise<VerifiedUse | { refused: string }> {
  const stored = Number(passkey.counter)
  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: deps.relyingParty.origins,
    expectedRPID: deps.relyingParty.ids,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: stored,
      transports: passkey.transports,
    },
    requireUserVerification,
  }).catch(() => undefined)
  if (!verification?.verified) {
    // The library refuses a counter that did not move forward (a cloned authenticator's mark) among
    // other failures; the counter in the data says which it was.
    const sent = signCountOf(credential.response.authenticatorData)
    const regressed = sent !== undefined && (sent > 0 || stored > 0) && sent <= stored
    return { refused: regressed ? PASSKEY_MESSAGES.counterRegressed : PASSKEY_MESSAGES.verificationFailed }
  }
  const info = verification.authenticationInfo
  // Backup eligibility is fixed when a credential is made: a change means another authenticator.
  if (passkey.device_type !== info.credentialDeviceType) {
    return { refused: PASSKEY_MESSAGES.backupStateChanged }
  }
  return { id: passkey.id, counter: info.newCounter, backedUp: info.credentialBackedUp }
}

/** The member a passkey signs in; one deleted meanwhile is refused like an unknown passkey. */
async function signedInMember(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId)
  if (!user) throw new UnauthorizedError(PASSKEY_MESSAGES.unknownCredential)
  return user
}
