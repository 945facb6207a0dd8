import { CSRF_COOKIE, MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { atom } from 'jotai'
import { readCookie, writeCookie } from './cookie'
import { atomWithLazy } from './lazy-atom'
import type { AppStore } from './store'

// The session is an HttpOnly cookie no script reads; the app knows only the two readable cookies beside
// it, the expiry hint and the CSRF token (docs/product-rules.md#sessions).

/** What a signed-in tab knows of its session. */
export interface Session {
  /** When the session stops being valid (ISO-8601). */
  expiresAt: string
  /** The session's CSRF token, sent in a header with every write. */
  csrfToken: string
}

/** The channel every tab of the site hears sign-ins and sign-outs on. */
const SESSION_CHANNEL = 'bashboard.session'

/** True when the session's expiry time has passed (an unparseable expiry counts as expired). */
export function isSessionExpired(session: Session, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(session.expiresAt)
  return Number.isNaN(expiresAt) || expiresAt <= now
}

/** The session the server's readable cookies describe, or null when signed out (or expired). */
export function readSessionCookies(now: number = Date.now()): Session | null {
  const seconds = Number(readCookie(MEMBER_HINT_COOKIE))
  const csrfToken = readCookie(CSRF_COOKIE)
  if (!Number.isInteger(seconds) || seconds <= 0 || !csrfToken) return null
  const session = { expiresAt: new Date(seconds * 1000).toISOString(), csrfToken }
  return isSessionExpired(session, now) ? null : session
}

/** The CSRF token of the current session, for a write's header; undefined when signed out. */
export function currentCsrfToken(): string | undefined {
  return readSessionCookies()?.csrfToken
}

// Read lazily, per store, so each app (and test) starts from the cookies of that moment.
const cookieSessionAtom = atomWithLazy<Session | null>(() => readSessionCookies())

function sameSession(a: Session | null, b: Session | null): boolean {
  return a?.csrfToken === b?.csrfToken && a?.expiresAt === b?.expiresAt
}

// Follow other tabs signing in or out, and look again when the tab comes back into view.
cookieSessionAtom.onMount = (setSession) => {
  const reread = (): void =>
    setSession((current) => {
      const next = readSessionCookies()
      return sameSession(current, next) ? current : next
    })
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL)
  channel?.addEventListener('message', reread)
  window.addEventListener('focus', reread)
  document.addEventListener('visibilitychange', reread)
  return () => {
    channel?.close()
    window.removeEventListener('focus', reread)
    document.removeEventListener('visibilitychange', reread)
  }
}

/** Tells the other tabs to read the cookies again. */
function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.postMessage('changed')
  channel.close()
}

/** The tab's session. `'signed-in'` reads the cookies a sign-in set; null forgets the readable ones. */
export const sessionAtom = atom(
  (get) => get(cookieSessionAtom),
  (_get, set, change: 'signed-in' | null) => {
    if (change === null) {
      writeCookie(MEMBER_HINT_COOKIE, null)
      writeCookie(CSRF_COOKIE, null)
    }
    set(cookieSessionAtom, change === null ? null : readSessionCookies())
    announce()
  },
)

/** The server render's session (it has no document.cookie to read). */
export function seedSession(store: AppStore, session: Session): void {
  store.set(cookieSessionAtom, session)
}

/** Whether a (not yet expired) session is present. */
export const isSignedInAtom = atom((get) => get(sessionAtom) !== null)
