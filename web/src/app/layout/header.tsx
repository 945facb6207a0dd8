import type { ProfileHeader } from '@bashboard/server/contract'
import { Link, useLocation } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Heart, LogOut, Menu, Plus, Settings, ShieldCheck, Sparkles, User, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { LiveIndicator } from '../../components/layout/live-indicator'
import { Logo } from '../../components/layout/logo'
import { DONATE_URL, primaryNav } from '../../components/layout/nav-items'
import { ThemeToggle } from '../../components/layout/theme-toggle'
import { Avatar } from '../../components/ui/avatar'
import { buttonClasses } from '../../components/ui/button'
import { useToast } from '../../components/ui/toast'
import { useLogout, useProfileHeader } from '../../features/auth/api'
import { cn } from '../../lib/cn'
import { canCreatePosts } from '../../lib/current-user'
import { isSignedInAtom } from '../../state/session'

interface ShellLinkProps {
  /**
   * Icon only below 1280 px (the label stays for screen readers): with the bell and the user's name the
   * labelled buttons do not fit a 1024 px header on one line.
   */
  compact?: boolean
  onNavigate?: () => void
  className?: string
}

function ContributionLink({
  user,
  compact,
  onNavigate,
  className,
}: ShellLinkProps & { user: ProfileHeader }) {
  // Contributors and moderators may post; everyone else is invited to apply.
  const create = canCreatePosts(user)
  const Icon = create ? Plus : Sparkles
  const label = create ? 'Create Post' : 'Become Contributor'
  return (
    <Link
      to={create ? '/create-post' : '/application'}
      onClick={onNavigate}
      className={cn(
        buttonClasses(create ? 'primary' : 'secondary', 'sm'),
        // One line always: since the bell joined the header, "Become Contributor" wrapped at 1280 px.
        'shrink-0 whitespace-nowrap',
        compact && 'px-2 xl:px-3',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {/* max-xl:sr-only rather than xl:not-sr-only, which would set white-space back to normal. */}
      <span className={compact ? 'max-xl:sr-only' : undefined}>{label}</span>
    </Link>
  )
}

function DonateLink({ compact, onNavigate, className }: ShellLinkProps) {
  return (
    <a
      href={DONATE_URL}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onNavigate}
      className={cn(
        buttonClasses('ghost', 'sm'),
        'shrink-0 text-fg whitespace-nowrap',
        compact && 'px-2 xl:px-3',
        className,
      )}
    >
      <Heart aria-hidden="true" className="size-4 text-danger" />
      <span className={compact ? 'max-xl:sr-only' : undefined}>Donate</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

// The notifications and user menus are only for signed-in visitors: they load in their own chunk, asked
// for as soon as the session is known (alongside the profile header they wait for anyway), so a guest's
// first page does not download them.
const loadNotificationsMenu = () => import('../../features/notifications/components/notifications-menu')
const loadUserMenu = () => import('../../components/layout/user-menu')
const NotificationsMenu = lazy(() => loadNotificationsMenu().then((m) => ({ default: m.NotificationsMenu })))
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })))

/** A row of the phone menu's account section: a link or the log-out button. */
const PHONE_MENU_ROW = 'flex items-center gap-2.5 rounded-md px-3 py-2.5 text-fg hover:bg-surface-2'

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
  const menuButtonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!signedIn) return
    void loadNotificationsMenu()
    void loadUserMenu()
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
                <>
                  <ContributionLink user={user} compact />
                  <Suspense
                    fallback={
                      <span aria-hidden="true" className="h-9 w-32 animate-pulse rounded-full bg-surface-2" />
                    }
                  >
                    <UserMenu user={user} onLogout={onLogout} />
                  </Suspense>
                </>
              ) : (
                <span aria-hidden="true" className="h-9 w-32 animate-pulse rounded-full bg-surface-2" />
              )
            ) : (
              <>
                <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                  Login
                </Link>
                <Link to="/register" className={buttonClasses('primary', 'sm')}>
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
            className="inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-surface-2 md:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id="mobile-navigation"
          aria-label="Mobile navigation"
          className="border-t border-line bg-bg px-4 pt-2 pb-4 md:hidden"
        >
          <ul className="flex flex-col">
            {primaryNav.map((item) => {
              const active = item.isActive(pathname)
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    // '/' would count as active everywhere; exact leaves marking the section to isActive.
                    activeOptions={{ exact: true }}
                    onClick={closeMenu}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center rounded-md px-3 py-2.5 text-base font-medium',
                      active ? 'bg-accent-soft text-accent-text' : 'text-fg hover:bg-surface-2',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              )
            })}
          </ul>
          <div className="mt-3 flex flex-col gap-2 border-t border-line pt-3">
            {signedIn && !user ? (
              <span aria-hidden="true" className="mx-3 my-2 h-10 animate-pulse rounded-md bg-surface-2" />
            ) : signedIn && user ? (
              <>
                <div className="flex items-center gap-3 px-3 py-1.5">
                  <Avatar name={user.username} src={user.avatar} />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-fg">{user.username}</p>
                    <p className="truncate text-xs text-muted">{user.email}</p>
                  </div>
                </div>
                <Link to="/profile" onClick={closeMenu} className={PHONE_MENU_ROW}>
                  <User aria-hidden="true" className="size-4 text-muted" />
                  Profile
                </Link>
                <Link to="/settings" onClick={closeMenu} className={PHONE_MENU_ROW}>
                  <Settings aria-hidden="true" className="size-4 text-muted" />
                  Settings
                </Link>
                {/* The desktop user menu offers the console to moderators; the phone menu must too. */}
                {user.role === 'moderator' ? (
                  <Link to="/mod" onClick={closeMenu} className={PHONE_MENU_ROW}>
                    <ShieldCheck aria-hidden="true" className="size-4 text-muted" />
                    Moderation
                  </Link>
                ) : null}
                <button type="button" onClick={onLogout} className={cn(PHONE_MENU_ROW, 'text-left')}>
                  <LogOut aria-hidden="true" className="size-4 text-muted" />
                  Log out
                </button>
                <div className="mt-1 grid gap-2 min-[400px]:grid-cols-2">
                  <ContributionLink user={user} onNavigate={closeMenu} className="h-10 w-full" />
                  <DonateLink onNavigate={closeMenu} className="h-10 w-full border border-line" />
                </div>
              </>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Link to="/login" className={buttonClasses('secondary', 'md')}>
                  Login
                </Link>
                <Link to="/register" className={buttonClasses('primary', 'md')}>
                  Register
                </Link>
                <DonateLink onNavigate={closeMenu} className="col-span-2 h-10 w-full border border-line" />
              </div>
            )}
          </div>
        </nav>
      ) : null}
    </header>
  )
}
