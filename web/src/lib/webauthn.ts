import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@bashboard/server/contract'

/*
 * The browser's side of passkeys (docs/product-rules.md#passkeys) through @simplewebauthn/browser,
 * imported only when a ceremony starts: no screen's first load carries it.
 */

/** Thrown for a ceremony the browser did not finish; `cancelled` when the member closed its prompt. */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError'
  constructor(
    message: string,
    readonly cancelled: boolean,
  ) {
    super(message)
  }
}

/** Whether this browser has WebAuthn at all (checked before offering a passkey). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/** What to say for a failed ceremony, in the member's words rather than the browser's. */
function ceremonyErrorOf(error: unknown, registering: boolean): PasskeyCeremonyError {
  const name = error instanceof Error ? error.name : ''
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined
  // Browsers say NotAllowedError both for a closed prompt and for a timeout; neither is worth alarm.
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return new PasskeyCeremonyError(
      'The passkey prompt was closed before it finished. Try again when ready.',
      true,
    )
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return new PasskeyCeremonyError('This device already holds a passkey for your account.', false)
  }
  return new PasskeyCeremonyError(
    registering
      ? 'Your browser could not make a passkey. Try again, or use another device.'
      : 'Your browser could not use a passkey. Try again, or sign in another way.',
    false,
  )
}

/** Runs `navigator.credentials.create()` with the server's options; resolves to the credential as JSON. */
export async function createPasskeyCredential(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser')
  try {
    return await startRegistration({ optionsJSON: options })
  } catch (error) {
    throw ceremonyErrorOf(error, true)
  }
}

/** Runs `navigator.credentials.get()` with the server's options; resolves to the assertion as JSON. */
export async function getPasskeyAssertion(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  try {
    return await startAuthentication({ optionsJSON: options })
  } catch (error) {
    throw ceremonyErrorOf(error, false)
  }
}
