import { useStore } from 'jotai'
import { useEffect } from 'react'
import { isSessionExpired, sessionAtom } from '../../state/session'
import { useLogout } from './session'

/** The spec's expiry check interval. */
export const SESSION_CHECK_INTERVAL_MS = 60_000

/**
 * Logs the tab out once its session has expired: checked at start, every minute and whenever the window
 * regains focus (a laptop waking up). Mounted once, at the root.
 */
export function useSessionExpiry(): void {
  const store = useStore()
  const logout = useLogout()
  useEffect(() => {
    const check = (): void => {
      const session = store.get(sessionAtom)
      if (session && isSessionExpired(session)) logout()
    }
    check()
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS)
    window.addEventListener('focus', check)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', check)
    }
  }, [store, logout])
}
