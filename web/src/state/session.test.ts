import { CSRF_COOKIE, MEMBER_HINT_COOKIE } from '@bashboard/server/contract/values'
import { describe, expect, it } from 'vitest'
import { writeCookie } from './cookie'
import { readSessionCookies, sessionAtom } from './session'
import { createAppStore } from './store'

/** What the server's answer to a sign-in leaves where page scripts can see it. */
function serverSignedIn(secondsLeft: number, csrf = 'csrf-1'): number {
  const until = Math.floor(Date.now() / 1000) + secondsLeft
  writeCookie(MEMBER_HINT_COOKIE, String(until))
  writeCookie(CSRF_COOKIE, csrf)
  return until
}

describe('the session the cookies describe', () => {
  it('is the expiry and CSRF token the server set, or nothing without both', () => {
    expect(readSessionCookies()).toBeNull()
    writeCookie(CSRF_COOKIE, 'csrf-1')
    expect(readSessionCookies()).toBeNull()
    const until = serverSignedIn(600)
    expect(readSessionCookies()).toEqual({
      csrfToken: 'csrf-1',
      expiresAt: new Date(until * 1000).toISOString(),
    })
  })

  it('is nothing once expired, or with a hint that is no expiry', () => {
    serverSignedIn(-5)
    expect(readSessionCookies()).toBeNull()
    writeCookie(MEMBER_HINT_COOKIE, '1')
    expect(readSessionCookies()).toBeNull()
    writeCookie(MEMBER_HINT_COOKIE, 'soon')
    expect(readSessionCookies()).toBeNull()
  })

  it('is taken up after a sign-in, and signing out forgets the readable cookies', () => {
    const store = createAppStore()
    expect(store.get(sessionAtom)).toBeNull()
    serverSignedIn(600, 'csrf-2')
    store.set(sessionAtom, 'signed-in')
    expect(store.get(sessionAtom)?.csrfToken).toBe('csrf-2')
    store.set(sessionAtom, null)
    expect(store.get(sessionAtom)).toBeNull()
    expect(document.cookie).not.toContain(MEMBER_HINT_COOKIE)
    expect(document.cookie).not.toContain(CSRF_COOKIE)
  })

  it('follows another tab signing in, told on the session channel', async () => {
    const store = createAppStore()
    const seen: unknown[] = []
    const stop = store.sub(sessionAtom, () => seen.push(store.get(sessionAtom)))
    expect(store.get(sessionAtom)).toBeNull()
    // Another tab: the cookies are the browser's, shared; its channel message says to look again.
    serverSignedIn(600, 'csrf-other-tab')
    const otherTab = new BroadcastChannel('bashboard.session')
    otherTab.postMessage('changed')
    otherTab.close()
    await expect.poll(() => store.get(sessionAtom)?.csrfToken).toBe('csrf-other-tab')
    expect(seen.length).toBeGreaterThan(0)
    stop()
  })
})
