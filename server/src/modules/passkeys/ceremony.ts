/*
 * The pure parts of a WebAuthn ceremony that @simplewebauthn/server leaves to us: who the relying party
 * is, the challenge a browser answered (to find its stored hash), the signature counter an assertion
 * carries, and the user handle a member's passkeys hold.
 */

/**
 * The relying party passkeys are bound to: PUBLIC_ORIGIN first, then the other origins the site is
 * served at (ALLOWED_ORIGINS), each with its host name as the relying party id.
 */
export interface RelyingParty {
  name: string
  /** The origins a ceremony may come from, PUBLIC_ORIGIN first. */
  origins: string[]
  /** Their host names: the relying party ids an authenticator may have signed for. */
  ids: string[]
}

/** Shown by the browser and the authenticator when a passkey is made or used. */
export const RELYING_PARTY_NAME = 'Bashboard'

/** The relying party of a site served at `publicOrigin` and `allowedOrigins` (config.ts has checked both). */
export function relyingPartyOf(publicOrigin: string, allowedOrigins: readonly string[] = []): RelyingParty {
  const origins = [...new Set([publicOrigin, ...allowedOrigins])]
  return {
    name: RELYING_PARTY_NAME,
    origins,
    ids: [...new Set(origins.map((origin) => new URL(origin).hostname))],
  }
}

/**
 * The relying party id a ceremony started from `origin` (the request's Origin header) is for: that
 * origin's host when the site is served there, else PUBLIC_ORIGIN's. A passkey belongs to one id, so a
 * member signs in with it at the address they made it at.
 */
export function relyingPartyIdFor(party: RelyingParty, origin: string | undefined): string {
  const known = origin !== undefined && party.origins.includes(origin) ? origin : party.origins[0]
  return new URL(known ?? 'http://localhost').hostname
}

/** The challenge a browser's `clientDataJSON` (base64url) says it answered, or undefined when unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = typeof data === 'object' && data !== null ? Reflect.get(data, 'challenge') : undefined
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined
  } catch {
    return undefined
  }
}

/**
 * The signature counter of an assertion's authenticator data (bytes 33–36, big-endian, after the RP id
 * hash and the flags), or undefined when the data is too short to hold one.
 */
export function signCountOf(authenticatorData: string): number | undefined {
  const bytes = Buffer.from(authenticatorData, 'base64url')
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : undefined
}

/**
 * The user handle a member's passkeys carry: the 16 bytes of their id (a random UUID, so it says
 * nothing about them), which a usernameless sign-in answers with.
 */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'))
}

/** A passkey name as kept: trimmed, runs of white space as one space; undefined when it cannot be one. */
export function normalizePasskeyName(name: string, max: number): string | undefined {
  const plain = name.trim().replace(/\s+/g, ' ')
  // Control characters and bidi overrides would make a name read as another (emoji joiners stay).
  if (plain === '' || /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(plain)) return undefined
  if ([...plain].length > max) return undefined
  return plain
}
