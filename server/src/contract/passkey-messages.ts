/*
 * Passkeys' values and messages, apart from their schemas: the web's sign-in and settings screens
 * import these without TypeBox (docs/product-rules.md#passkeys).
 */

/** Longest passkey name, in characters. */
export const PASSKEY_NAME_MAX = 64
/** Passkeys one member may register. */
export const PASSKEYS_PER_MEMBER = 20
/** How long a registration or sign-in ceremony's challenge lasts, in seconds. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60
/** How long the browser waits for the authenticator, in milliseconds (the options' `timeout`). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 2 * 60 * 1000

/** What the passkey routes answer, word for word (the screens show them). */
export const PASSKEY_MESSAGES = {
  /** A ceremony answered after its challenge expired, with another challenge, or a second time. */
  challengeExpired: 'This passkey request has expired or was already used. Try again.',
  /** The authenticator's answer does not check out (signature, origin, relying party, flags). */
  verificationFailed: 'That passkey could not be verified. Try again, or use another way to sign in.',
  /** A credential nobody here registered (or one removed since). */
  unknownCredential:
    'That passkey is not registered here. Sign in with your password, then add it in Settings.',
  /** The signature counter did not move forward: the authenticator may have been cloned. */
  counterRegressed:
    'That passkey reported an old use count, as a copied key would. It was refused; remove it in Settings if this keeps happening.',
  /** A credential registered as single-device now says it can be synced: not the same authenticator. */
  backupStateChanged:
    'That passkey no longer matches the one registered. Remove it in Settings and add it again.',
  /** Registering a credential that is registered already (to this member or another). */
  alreadyRegistered: 'This passkey is registered already.',
  /** Registering past PASSKEYS_PER_MEMBER. */
  tooMany: `You have the most passkeys one account can hold (${PASSKEYS_PER_MEMBER}). Remove one first.`,
  /** A passkey id that is not one of the member's. */
  notFound: 'Passkey not found.',
  /** A name that is empty once trimmed, too long, or holds control characters. */
  nameInvalid: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  /** The second-factor step asked for a passkey by a member who has none. */
  noPasskeys: 'This account has no passkey. Use your authenticator app or a recovery code.',
} as const
