import { Link, useLocation } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { LiveIndicator } from '../../components/layout/live-indicator'
import { Logo } from '../../components/layout/logo'
import { primaryNav } from '../../components/layout/nav-items'
import { ThemeToggle } from '../../components/layout/theme-toggle'
import { buttonClasses } from '../../components/ui/button-classes'
import { CloseIcon, MenuIcon } from '../../components/ui/frame-icons'
import { useToast } from '../../components/ui/toast'
import { useLogout, useProfileHeader } from '../../features/auth/session'
import { cn } from '../../lib/cn'
import { useReturnSearch } from '../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../state/session'
import { DonateLink } from './donate-link'

// What only signed-in visitors see (the notifications bell, Create Post or Become Contributor, the user
// menu) loads in chunks of its own, asked for as soon as the session is known (alongside the profile
// header they wait for anyway), so a guest's first page does not download them. The phone menu's links
// load when it is about to open.
const loadNotificationsMenu = () => import('../../features/notifications/components/notifications-menu')
const loadMemberActions = () => import('./member-actions')
const loadPhoneMenu = () => import('./phone-menu')
const NotificationsMenu = lazy(() => loadNotificationsMenu().then((m) => ({ default: m.NotificationsMenu })))
const MemberActions = lazy(() => loadMemberActions().then((m) => ({ default: m.MemberActions })))
const PhoneMenu = lazy(() => loadPhoneMenu().then((m) => ({ default: m.PhoneMenu })))
const preloadPhoneMenu = (): void => {
  void loadPhoneMenu()
}

/**
 * The site header: logo, navigation, live status, theme toggle, Donate, and either Login/Register or the
 * signed-in user's menu with Create Post or Become Contributor. Below 768 px the links move into a menu.
 */
export function Header() {
  const { pathname } = useLocation()
  const signedIn = useAtomValue(isSignedInAtom)
  const { data: user } = useProfileHeader()
  const logout = useLogout()
  const toast = useToast()
  const [menuOpen, setMenuOpen] = useState(false)
  // Login and Register bring the guest back to the page they were reading.
  const loginSearch = useReturnSearch()
  const menuButtonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!signedIn) return
    void loadNotificationsMenu()
    void loadMemberActions()
  }, [signedIn])

  // Any navigation closes the mobile menu, including back/forward (state adjusted during render).
  const [menuPath, setMenuPath] = useState(pathname)
  if (menuPath !== pathname) {
    setMenuPath(pathname)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      menuButtonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  function onLogout(): void {
    logout()
    setMenuOpen(false)
    toast({ title: 'Logged out', message: 'See you next time.' })
  }

  const closeMenu = (): void => setMenuOpen(false)
  const navLinkClasses = (active: boolean): string =>
    cn(
      'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
      active ? 'text-fg' : 'text-muted hover:text-fg',
    )

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/85 backdrop-blur-md supports-[backdrop-filter]:bg-bg/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-1 hidden items-center gap-0.5 md:flex lg:ml-4">
          {primaryNav.map((item) => {
            const active = item.isActive(pathname)
            return (
              <Link
                key={item.to}
                to={item.to}
                // '/' would count as active everywhere; exact leaves marking the section to isActive.
                activeOptions={{ exact: true }}
                aria-current={active ? 'page' : undefined}
                className={navLinkClasses(active)}
              >
                {item.label}
                {active ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-3 -bottom-[13px] h-0.5 rounded-full bg-accent"
                  />
                ) : null}
              </Link>
            )
          })}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LiveIndicator />
          {signedIn && user ? (
            <Suspense fallback={<span aria-hidden="true" className="inline-flex size-9" />}>
              <NotificationsMenu userId={user._id} />
            </Suspense>
          ) : null}
          <ThemeToggle />
          <div className="hidden items-center gap-2 md:flex">
            <DonateLink compact />
            {signedIn ? (
              user ? (
                <Suspense
                  fallback={
                    <span aria-hidden="true" className="h-9 w-32 animate-pulse rounded-full bg-surface-2" />
                  }
                >
                  <MemberActions user={user} onLogout={onLogout} />
                </Suspense>
              ) : (
                <span aria-hidden="true" className="h-9 w-32 animate-pulse rounded-full bg-surface-2" />
              )
            ) : (
              <>
                <Link to="/login" search={loginSearch} className={buttonClasses('ghost', 'sm')}>
                  Login
                </Link>
                <Link to="/register" search={loginSearch} className={buttonClasses('primary', 'sm')}>
                  Register
                </Link>
              </>
            )}
          </div>
          <button
            ref={menuButtonRef}
            type="button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-navigation"
            onClick={() => setMenuOpen((open) => !open)}
            // Its links load in a chunk of their own: asked for as soon as a press is on its way.
            onPointerEnter={preloadPhoneMenu}
            onPointerDown={preloadPhoneMenu}
            onFocus={preloadPhoneMenu}
            className="inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-surface-2 md:hidden"
          >
            {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id="mobile-navigation"
          aria-label="Mobile navigation"
          className="border-t border-line bg-bg px-4 pt-2 pb-4 md:hidden"
        >
          <Suspense fallback={<span aria-hidden="true" className="block h-48" />}>
            <PhoneMenu
              pathname={pathname}
              signedIn={signedIn}
              user={user}
              onNavigate={closeMenu}
              onLogout={onLogout}
              loginSearch={loginSearch}
            />
          </Suspense>
        </nav>
      ) : null}
    </header>
  )
}
