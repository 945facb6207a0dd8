import { atom } from 'jotai'
import { atomWithLazy } from './lazy-atom'
import { writeMemberHint } from './member-hint'

/** localStorage key shared with the e2e tests and every open tab (e2e/fixtures/session.ts writes it too). */
export const SESSION_STORAGE_KEY = 'bashboard.session'

/** What a signed-in tab keeps: the bearer token and when it stops being valid (ISO-8601). */
export interface Session {
  token: string
  expiresAt: string
}

/** Sessions live one hour on the server; used only when a response carries no usable expiry. */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000

/** True when the session's expiry time has passed (an unparseable expiry counts as expired). */
export function isSessionExpired(session: Session, now: number = Date.now()): boolean {
  const expiresAt = Date.parse(session.expiresAt)
  return Number.isNaN(expiresAt) || expiresAt <= now
}

/** Accepts only a well-formed session object; anything else stored under the key is ignored. */
export function parseSession(value: unknown): Session | null {
  if (typeof value !== 'object' || value === null) return null
  const { token, expiresAt } = value as Record<string, unknown>
  if (typeof token !== 'string' || token === '' || typeof expiresAt !== 'string') return null
  return { token, expiresAt }
}

/**
 * The stored session if it is well-formed and still valid. A stale or malformed entry is removed, so an
 * expired session is logged out as soon as anything reads it (including the app's start-up).
 */
export function readStoredSession(now: number = Date.now()): Session | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(SESSION_STORAGE_KEY)
  } catch {
    return null
  }
  if (raw === null) return null
  let session: Session | null = null
  try {
    session = parseSession(JSON.parse(raw))
  } catch {
    session = null
  }
  if (session === null || isSessionExpired(session, now)) {
    localStorage.removeItem(SESSION_STORAGE_KEY)
    return null
  }
  return session
}

/** Writes the session to localStorage, or removes the key when signing out. */
function writeStoredSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session))
    else localStorage.removeItem(SESSION_STORAGE_KEY)
    writeMemberHint(session !== null)
  } catch {
    // Storage full or blocked (private mode): the session still lives in memory for this tab.
  }
}

/*
 * Read lazily, per store: the first read in a store loads localStorage, so every app instance (and every
 * test) starts from what is stored at that moment, not when this module was imported.
 */
const storedSessionAtom = atomWithLazy<Session | null>(() => readStoredSession())

// While anything uses the session, follow other tabs logging in or out (`storage` fires only cross-tab).
storedSessionAtom.onMount = (setStored) => {
  const onStorage = (event: StorageEvent): void => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) setStored(readStoredSession())
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}

/** The session of this tab (null when signed out). Writing it also persists it to localStorage. */
export const sessionAtom = atom(
  (get) => get(storedSessionAtom),
  (_get, set, session: Session | null) => {
    writeStoredSession(session)
    set(storedSessionAtom, session)
  },
)

/** Whether a (not yet expired) session is present. */
export const isSignedInAtom = atom((get) => get(sessionAtom) !== null)
