/*
 * Where a sign-in sends a member once done: the page they were on when asked to sign in, carried in
 * /login's `redirect` search param and, through GitHub or Google, in the provider state row. Anyone can
 * write such a value into a link, so only a path of this site is accepted; anything else (another host,
 * a scheme, the sign-in pages) means the home page. One rule for the web and the server.
 */

// Any origin will do: it only tells whether a value, resolved as a browser would, leaves the site.
const BASE = 'https://bashboard.invalid'
const SIGN_IN_PATHS = new Set(['/login', '/register', '/sign-in/provider'])
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

/** Whether `pathname` is one of the sign-in pages (case and a trailing slash aside). */
export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATHS.has(pathname.toLowerCase().replace(/\/+$/, '') || '/')
}

/**
 * `value` as a same-site path (path, search and hash) to return to, or undefined when it is not one
 * or is the home page (where a sign-in goes anyway).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return undefined
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return undefined
  }
  if (url.origin !== BASE || isSignInPath(url.pathname)) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  return path === '/' ? undefined : path
}
