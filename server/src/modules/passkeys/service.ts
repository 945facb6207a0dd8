import type { Database } from '@bashboard/db'
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server'
import type { Kysely } from 'kysely'
import {
  PASSKEY_CEREMONY_TIMEOUT_MS,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEYS_PER_MEMBER,
} from '../../contract/passkey-messages.ts'
import type {
  Passkey,
  PasskeyList,
  PasskeyRegistrationStart,
  RegisterPasskeyBody,
} from '../../contract/passkeys.ts'
import { ConflictError, InvalidError, NotFoundError } from '../../lib/errors.ts'
import { tokenHash } from '../../lib/random-token.ts'
import {
  challengeOf,
  normalizePasskeyName,
  type RelyingParty,
  relyingPartyIdFor,
  userHandleOf,
} from './ceremony.ts'
import { toPasskey } from './presenter.ts'
import {
  consumeCeremonyChallenge,
  deletePasskey,
  insertCeremonyChallenge,
  insertPasskey,
  listCredentialDescriptors,
  listPasskeys,
  renamePasskey,
} from './repo.ts'

/*
 * A member's passkeys in Settings (docs/product-rules.md#passkeys): registering one (a challenge kept
 * server-side, used once, valid for minutes), listing, renaming and removing them. Signing in with one
 * is sign-in-service.ts's.
 */

/** What the passkey services need: the database and the relying party passkeys are bound to. */
export interface PasskeyDeps {
  db: Kysely<Database>
  relyingParty: RelyingParty
}

/** The member's passkeys, oldest first. */
export async function listMemberPasskeys(db: Kysely<Database>, userId: string): Promise<PasskeyList> {
  return { passkeys: (await listPasskeys(db, userId)).map(toPasskey) }
}

/**
 * Starts registering a passkey: creation options for the browser, asking for a discoverable credential
 * (so it can sign in without a username) and excluding the member's own, with a challenge stored for
 * PASSKEY_CHALLENGE_SECONDS. 409 once the member holds PASSKEYS_PER_MEMBER.
 */
export async function startPasskeyRegistration(
  deps: PasskeyDeps,
  user: { id: string; username: string },
  origin: string | undefined,
): Promise<PasskeyRegistrationStart> {
  const existing = await listCredentialDescriptors(deps.db, user.id)
  if (existing.length >= PASSKEYS_PER_MEMBER) throw new ConflictError(PASSKEY_MESSAGES.tooMany)
  // The library draws the challenge (32 random bytes); only its hash is kept.
  const options = await generateRegistrationOptions({
    rpName: deps.relyingParty.name,
    rpID: relyingPartyIdFor(deps.relyingParty, origin),
    userName: user.username,
    userDisplayName: user.username,
    userID: userHandleOf(user.id),
    timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await insertCeremonyChallenge(deps.db, {
    hash: tokenHash(options.challenge),
    purpose: 'registration',
    userId: user.id,
    secondFactorChallengeId: null,
    seconds: PASSKEY_CHALLENGE_SECONDS,
  })
  return { options }
}

/**
 * Finishes a registration: the browser's credential must answer one of this member's live
 * registration challenges (used up here, right or wrong), for this site's origin and relying party.
 * 422 on `credential` for an expired or unverifiable answer, on `name` for a bad name; 409 when the
 * credential is registered already or the member has PASSKEYS_PER_MEMBER.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  userId: string,
  body: RegisterPasskeyBody,
): Promise<Passkey> {
  const existing = await listCredentialDescriptors(deps.db, userId)
  const name =
    body.name === undefined
      ? `Passkey ${existing.length + 1}`
      : normalizePasskeyName(body.name, PASSKEY_NAME_MAX)
  if (name === undefined) throw new InvalidError(PASSKEY_MESSAGES.nameInvalid, 'name')
  const challenge = challengeOf(body.credential.response.clientDataJSON)
  const ceremony = challenge
    ? await consumeCeremonyChallenge(deps.db, tokenHash(challenge), 'registration')
    : undefined
  // Another member's challenge is no challenge of this one's: it is used up all the same.
  if (!challenge || ceremony?.userId !== userId) {
    throw new InvalidError(PASSKEY_MESSAGES.challengeExpired, 'credential')
  }
  if (existing.length >= PASSKEYS_PER_MEMBER) throw new ConflictError(PASSKEY_MESSAGES.tooMany)
  const verification = await verifyRegistrationResponse({
    response: body.credential,
    expectedChallenge: challenge,
    expectedOrigin: deps.relyingParty.origins,
    expectedRPID: deps.relyingParty.ids,
    requireUserVerification: false,
  }).catch(() => undefined)
  if (!verification?.verified) throw new InvalidError(PASSKEY_MESSAGES.verificationFailed, 'credential')
  const info = verification.registrationInfo
  const row = await insertPasskey(deps.db, {
    userId,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
    name,
  })
  if (!row) throw new ConflictError(PASSKEY_MESSAGES.alreadyRegistered, 'credential')
  return toPasskey(row)
}

/** Renames one of the member's passkeys; 404 for anyone else's, 422 on `name` for a bad name. */
export async function renameMemberPasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const plain = normalizePasskeyName(name, PASSKEY_NAME_MAX)
  if (plain === undefined) throw new InvalidError(PASSKEY_MESSAGES.nameInvalid, 'name')
  const row = await renamePasskey(db, userId, id, plain)
  if (!row) throw new NotFoundError(PASSKEY_MESSAGES.notFound)
  return toPasskey(row)
}

/**
 * Removes one of the member's passkeys (404 for anyone else's) and answers the ones left. Nothing
 * else is needed to remove one: the password and any authenticator app still sign the member in.
 */
export async function removeMemberPasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<PasskeyList> {
  if (!(await deletePasskey(db, userId, id))) throw new NotFoundError(PASSKEY_MESSAGES.notFound)
  return listMemberPasskeys(db, userId)
}
