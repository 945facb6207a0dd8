import type { FileRouteTypes } from '../../routeTree.gen'

/** Any path of the route tree, so a typo in a navigation link fails the typecheck. */
export type SitePath = FileRouteTypes['to']

/** A link of the site navigation and when it counts as the current section. */
export interface NavItem {
  label: string
  to: SitePath
  isActive: (pathname: string) => boolean
}

const section = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`)

/**
 * Header navigation (docs/product-rules.md#header-footer). Blog is active for any path starting with /blog.
 */
export const primaryNav: readonly NavItem[] = [
  { label: 'Home', to: '/', isActive: (pathname) => pathname === '/' },
  { label: 'Browse', to: '/browse', isActive: section('/browse') },
  { label: 'Blog', to: '/blog', isActive: (pathname) => pathname.startsWith('/blog') },
  { label: 'Leaderboard', to: '/leaderboard', isActive: section('/leaderboard') },
]

/** The external payment page the Donate button opens in a new tab. */
export const DONATE_URL = 'https://github.com/sponsors'
