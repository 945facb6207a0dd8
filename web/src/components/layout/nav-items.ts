/** A link of the site navigation and when it counts as the current section. */
export interface NavItem {
  label: string
  href: string
  isActive: (pathname: string) => boolean
}

const section = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`)

/** Header navigation (SEED-SPEC §2). Blog is active for any path starting with /blog. */
export const primaryNav: readonly NavItem[] = [
  { label: 'Home', href: '/', isActive: (pathname) => pathname === '/' },
  { label: 'Browse', href: '/browse', isActive: section('/browse') },
  { label: 'Blog', href: '/blog', isActive: (pathname) => pathname.startsWith('/blog') },
  { label: 'Leaderboard', href: '/leaderboard', isActive: section('/leaderboard') },
]

/** The external payment page the Donate button opens in a new tab. */
export const DONATE_URL = 'https://github.com/sponsors'
