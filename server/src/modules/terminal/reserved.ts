/*
 * First path segments that belong to the site, never to a program: `GET /<name>` steps aside for them
 * and the request is answered as it was before the text interface existed (the web app for a browser,
 * a static file, or the JSON 404 for anything else). terminal.test.ts checks that every top-level
 * route of the web app (web/src/routes) is listed here, so a new page cannot be shadowed by a program.
 */

/** The web app's pages and the server's own top-level paths. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  // Web app pages (web/src/routes).
  'account',
  'api',
  'application',
  'blog',
  'browse',
  'c',
  'contact',
  'contribute',
  'create-post',
  'feedback',
  'forgot-password',
  'guidelines',
  'help',
  'leaderboard',
  'login',
  'logout',
  'mod',
  'moderators',
  'notifications',
  'post',
  'privacy',
  'profile',
  'register',
  'settings',
  'sign-in',
  'terms',
  'u',
  // Server paths and the web build's folders.
  'assets',
  'blog-covers',
  'house-ads',
  'healthz',
  'livez',
  'readyz',
  'uploads',
  'ws',
  'feed',
  'rss',
  'sitemap',
  'robots',
  'favicon',
  'index',
])

/** Whether `/<name>` belongs to the site rather than to a program (case-insensitive). */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name.toLowerCase())
}
