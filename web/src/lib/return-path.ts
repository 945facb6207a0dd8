/*
 * Where /login and /register send a member once signed in: the page a guest was on when asked to sign
 * in, carried in the `redirect` search param. Anyone can write that param into a link, so only a path of
 * this site is accepted; anything else (another host, a scheme, the sign-in pages) means the home page.
 */

/** The search param of /login and /register that holds the return address. */
export interface ReturnSearch {
  redirect?: string
}

// Any origin will do: it only tells whether a value, resolved as a browser would, leaves the site.
const BASE = 'https://bashboard.invalid'
const SIGN_IN_PATHS = new Set(['/login', '/register'])
const MAX_LENGTH = 2048

// Browsers drop tabs and line breaks inside a URL and read `\` as `/`, so `/\t/evil.example` or
// `/\evil.example` would become `//evil.example`, another host. A real path here has none of them.
function hasUnsafeCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}

/** `value` as a same-site path (path, search and hash) to return to, or undefined when it is not one. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return undefined
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE) return undefined
  // Case and a trailing slash do not make another route (the router matches without them).
  const route = url.pathname.toLowerCase().replace(/\/+$/, '') || '/'
  if (SIGN_IN_PATHS.has(route)) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  // The home page is where a sign-in goes anyway; leaving it out keeps /login's address plain.
  return path === '/' ? undefined : path
}

/**
 * The search of /login and /register, validated (their routes' validateSearch). The key is always
 * there: the router merges a route's search over the raw one, so a refused value must be overwritten.
 */
export function validateReturnSearch(search: Record<string, unknown>): ReturnSearch {
  return { redirect: safeReturnPath(search.redirect) }
}

/**
 * The return address for a sign-in asked for at `location`: the page itself, or on the sign-in pages
 * the address they already carry (so going from /login to /register keeps it).
 */
export function returnPathFrom(location: {
  pathname: string
  href: string
  search: unknown
}): string | undefined {
  const route = location.pathname.toLowerCase().replace(/\/+$/, '')
  if (SIGN_IN_PATHS.has(route)) {
    const search = location.search as { redirect?: unknown } | null
    return safeReturnPath(search?.redirect)
  }
  return safeReturnPath(location.href)
}

/** The search to give a link or redirect to /login or /register for the return address `redirect`. */
export function returnSearch(redirect: string | undefined): ReturnSearch {
  return redirect === undefined ? {} : { redirect }
}
