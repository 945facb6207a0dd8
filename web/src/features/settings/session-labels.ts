import type { SignInMethod, WebSession } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'

/** How each sign-in reads after "Signed in <day> with". */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'password',
  signup: 'sign-up',
  'second-factor': 'password and second factor',
  passkey: 'a passkey',
  github: 'GitHub',
  google: 'Google',
}

/** True when the server's device text names a phone or tablet system, so the row shows a phone. */
export function isMobileDevice(device: WebSession['device']): boolean {
  return /\b(Android|iOS|iPhone|iPad)\b/i.test(device)
}

/** "Signed out of 1 other session" / "Signed out of 3 other sessions". */
export function endedSessionsTitle(ended: number): string {
  if (ended === 0) return 'No other sessions were signed in'
  return `Signed out of ${ended} other ${nounFor(ended, 'session')}`
}
