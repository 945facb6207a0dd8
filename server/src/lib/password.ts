import { type Algorithm, hash, verify } from '@node-rs/argon2'

// `Algorithm` is an ambient const enum, which isolatedModules cannot read: 2 is its Argon2id member.
const ARGON2ID: Algorithm = 2

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 50 ms per hash here.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS)
}

/**
 * The `password_hash` of an account made through GitHub or Google until its member sets a password
 * (migration 0025): not a PHC string, so no password ever matches it.
 */
export const NO_PASSWORD_HASH = '!none'

/** Whether the account has a password of its own (rather than only a provider to sign in with). */
export function hasPassword(storedHash: string): boolean {
  return storedHash !== NO_PASSWORD_HASH
}

/** Checks a password against a stored hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  // As slow as a real check, so a login's timing does not tell that the account has no password.
  if (!hasPassword(storedHash)) {
    await verifyDummyPassword(plain)
    return false
  }
  try {
    return await verify(storedHash, plain)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same time as a real check, for logins naming an unknown account, so the response time
 * does not reveal whether the account exists.
 */
export async function verifyDummyPassword(plain: string): Promise<void> {
  dummyHash ??= hashPassword('bashboard-timing-equaliser')
  await verifyPassword(await dummyHash, plain)
}
