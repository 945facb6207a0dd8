import { Link, Outlet, useLocation } from '@tanstack/react-router'
import { Activity, FileCheck2, Megaphone, Newspaper, ScrollText, ShieldCheck, Trash2 } from 'lucide-react'
import { type ComponentType, type SVGProps, useEffect, useRef } from 'react'
import { ForbiddenPage } from '../../../components/layout/forbidden-page'
import type { SitePath } from '../../../components/layout/nav-items'
import { Loading } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useLiveTopic } from '../../../live/live-provider'

interface Tab {
  to: SitePath
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
}

const tabs: Tab[] = [
  { to: '/mod/applications', label: 'Applications', icon: FileCheck2 },
  { to: '/mod/activity', label: 'Activity', icon: Activity },
  { to: '/mod/content', label: 'Content', icon: Trash2 },
  { to: '/mod/audit', label: 'Audit log', icon: ScrollText },
  { to: '/mod/blog', label: 'Blog', icon: Newspaper },
  { to: '/mod/ads', label: 'Ads', icon: Megaphone },
]

const tabClasses =
  'inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/60'

/** The console's tab bar; the current tab is marked for assistive technology too. */
function ConsoleTabs() {
  const { pathname } = useLocation()
  const navRef = useRef<HTMLElement>(null)
  // On a narrow screen the tab bar scrolls sideways: bring the current tab into view.
  useEffect(() => {
    if (!pathname) return
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]')
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  return (
    <nav ref={navRef} aria-label="Moderation" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex min-w-max gap-1 rounded-lg border border-line bg-surface p-1">
        {tabs.map(({ to, label, icon: Icon }) => {
          const active = pathname === to || pathname.startsWith(`${to}/`)
          return (
            <li key={to}>
              <Link
                to={to}
                // Our own test marks the current tab; exact keeps the router from marking more.
                activeOptions={{ exact: true }}
                className={cn(
                  tabClasses,
                  active ? 'bg-accent-soft text-accent-text' : 'text-muted hover:bg-surface-2 hover:text-fg',
                )}
                aria-current={active ? 'page' : undefined}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Subscribes the `mod` topic for the whole console visit, so every tab sees pushes. */
function ModTopic() {
  useLiveTopic('mod')
  return null
}

/**
 * The /mod layout: moderators get the console (title, tabs, the page); anyone else signed in gets the
 * 403 page. The role is read live, so a moderator who is demoted sees the console close.
 */
export function ModLayout() {
  const { user } = useCurrentUser()
  if (!user) return <Loading label="Loading moderation console..." />
  if (user.role !== 'moderator') return <ForbiddenPage area="the moderation console" />
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 pb-16">
      <ModTopic />
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
          <ShieldCheck aria-hidden="true" className="size-4" />
          sudo -i # moderation console
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Moderation</h1>
      </header>
      <ConsoleTabs />
      <Outlet />
    </div>
  )
}
