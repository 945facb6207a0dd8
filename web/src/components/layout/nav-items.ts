import type { RegisteredRouter } from '@tanstack/react-router'

/**
 * Any path of the route tree, so a typo in a navigation link fails the typecheck. Read through the
 * registered router (router.tsx) rather than by importing the generated tree, which imports every route
 * and so, through the root layout, this file.
 */
export type SitePath = RegisteredRouter['routeTree']['types']['fileRouteTypes']['to']

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
