import { MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { writeCookie } from './cookie'

/**
 * Sets or clears the member hint cookie: the server renders the guest's version of a public page only
 * for a browser without it, so a signed-in member never sees the guest's header before the app starts.
 * It is a hint, not a credential: the session itself stays in localStorage.
 */
export function writeMemberHint(signedIn: boolean): void {
  writeCookie(MEMBER_HINT_COOKIE, signedIn ? '1' : null)
}
