import type { ProfileHeader } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import { ChevronDown, LogOut, Settings, ShieldCheck, User } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { formatCount } from '../../lib/format-count'
import { Avatar } from '../ui/avatar'

export interface UserMenuProps {
  user: ProfileHeader
  onLogout: () => void
}

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-fg hover:bg-surface-2 ' +
  'focus-visible:bg-surface-2 focus-visible:outline-none'

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
}

/**
 * The signed-in user's dropdown (Profile, Settings, Log out), following the WAI-ARIA menu button
 * pattern: arrow keys move between items, Escape closes and returns focus to the button.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    menuItems(menuRef.current)[0]?.focus()
    const onPointerDown = (event: PointerEvent): void => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function close(returnFocus: boolean): void {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const list = menuItems(menuRef.current)
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (next: number): void => list[(next + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1)
        break
      case 'ArrowUp':
        focusAt(index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(list.length - 1)
        break
      case 'Escape':
        close(true)
        break
      case 'Tab':
        // Tab leaves the menu the normal way; the menu just closes behind it.
        close(false)
        return
      default:
        return
    }
    event.preventDefault()
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className="inline-flex h-9 items-center gap-1 rounded-full border border-line py-0.5 pr-1.5 pl-0.5 lg:gap-2 lg:pr-2.5 text-sm font-medium text-fg transition-colors hover:border-line-strong hover:bg-surface-2"
      >
        <Avatar name={user.username} src={user.avatar} size="sm" />
        {/* Avatar only on mid-size screens; the name is still the button's accessible name. */}
        <span className="sr-only lg:not-sr-only lg:max-w-32 lg:truncate">{user.username}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-muted transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div className="absolute right-0 z-40 mt-2 w-64 rounded-lg border border-line-strong bg-surface p-1.5 shadow-panel">
          <div className="border-b border-line px-2.5 pt-1.5 pb-2.5">
            <p className="truncate text-sm font-semibold text-fg">{user.username}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
            <p className="mt-1.5 font-mono text-xs text-accent-text">
              {user.badge} · {formatCount(user.points)} {nounFor(user.points, 'pt')}
            </p>
          </div>
          <div
            id={menuId}
            ref={menuRef}
            role="menu"
            tabIndex={-1}
            aria-label={`${user.username} account`}
            onKeyDown={onMenuKeyDown}
            className="flex flex-col pt-1.5"
          >
            <Link
              to="/profile"
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => close(false)}
            >
              <User aria-hidden="true" className="size-4 text-muted" />
              Profile
            </Link>
            <Link
              to="/settings"
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => close(false)}
            >
              <Settings aria-hidden="true" className="size-4 text-muted" />
              Settings
            </Link>
            {user.role === 'moderator' ? (
              <Link
                to="/mod"
                role="menuitem"
                tabIndex={-1}
                className={itemClasses}
                onClick={() => close(false)}
              >
                <ShieldCheck aria-hidden="true" className="size-4 text-muted" />
                Moderation
              </Link>
            ) : null}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => {
                close(false)
                onLogout()
              }}
            >
              <LogOut aria-hidden="true" className="size-4 text-muted" />
              Log out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
