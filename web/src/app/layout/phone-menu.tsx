import type { ProfileHeader } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { LogOut, Settings, ShieldCheck, User } from 'lucide-react'
import { primaryNav } from '../../components/layout/nav-items'
import { Avatar } from '../../components/ui/avatar'
import { buttonClasses } from '../../components/ui/button-classes'
import { cn } from '../../lib/cn'
import type { ReturnSearch } from '../../lib/return-path'
import { ContributionLink } from './contribution-link'
import { DonateLink } from './donate-link'

/** A row of the phone menu's account section: a link or the log-out button. */
const PHONE_MENU_ROW = 'flex items-center gap-2.5 rounded-md px-3 py-2.5 text-fg hover:bg-surface-2'

export interface PhoneMenuProps {
  pathname: string
  signedIn: boolean
  /** The signed-in user's header data; undefined while it loads or for a guest. */
  user: ProfileHeader | undefined
  onNavigate: () => void
  onLogout: () => void
  /** The search of the Login and Register links: the page to come back to once signed in. */
  loginSearch: ReturnSearch
}

/**
 * The phone menu's links and account section, below 768 px. Its own chunk, loaded when the menu is first
 * about to open (header.tsx), since the first screen shows it closed.
 */
export function PhoneMenu({ pathname, signedIn, user, onNavigate, onLogout, loginSearch }: PhoneMenuProps) {
  return (
    <>
      <ul className="flex flex-col">
        {primaryNav.map((item) => {
          const active = item.isActive(pathname)
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                // '/' would count as active everywhere; exact leaves marking the section to isActive.
                activeOptions={{ exact: true }}
                onClick={onNavigate}
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
            <Link to="/profile" onClick={onNavigate} className={PHONE_MENU_ROW}>
              <User aria-hidden="true" className="size-4 text-muted" />
              Profile
            </Link>
            <Link to="/settings" onClick={onNavigate} className={PHONE_MENU_ROW}>
              <Settings aria-hidden="true" className="size-4 text-muted" />
              Settings
            </Link>
            {/* The desktop user menu offers the console to moderators; the phone menu must too. */}
            {user.role === 'moderator' ? (
              <Link to="/mod" onClick={onNavigate} className={PHONE_MENU_ROW}>
                <ShieldCheck aria-hidden="true" className="size-4 text-muted" />
                Moderation
              </Link>
            ) : null}
            <button type="button" onClick={onLogout} className={cn(PHONE_MENU_ROW, 'text-left')}>
              <LogOut aria-hidden="true" className="size-4 text-muted" />
              Log out
            </button>
            <div className="mt-1 grid gap-2 min-[400px]:grid-cols-2">
              <ContributionLink user={user} onNavigate={onNavigate} className="h-10 w-full" />
              <DonateLink onNavigate={onNavigate} className="h-10 w-full border border-line" />
            </div>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Link to="/login" search={loginSearch} className={buttonClasses('secondary', 'md')}>
              Login
            </Link>
            <Link to="/register" search={loginSearch} className={buttonClasses('primary', 'md')}>
              Register
            </Link>
            <DonateLink onNavigate={onNavigate} className="col-span-2 h-10 w-full border border-line" />
          </div>
        )}
      </div>
    </>
  )
}
