import { MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'

/**
 * Sets or clears the member hint cookie: the server renders the guest's version of a public page only
 * for a browser without it, so a signed-in member never sees the guest's header before the app starts.
 * It is a hint, not a credential: the session itself stays in localStorage.
 */
export function writeMemberHint(signedIn: boolean): void {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this site supports
  document.cookie = signedIn
    ? `${MEMBER_HINT_COOKIE}=1; Path=/; SameSite=Lax${secure}`
    : `${MEMBER_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
}
