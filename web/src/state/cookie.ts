/**
 * Sets the site-wide cookie `name` to `value` (null clears it) for the server to read with the next page
 * it sends: SameSite=Lax, Secure over HTTPS, kept `maxAgeSeconds` or else for the browsing session. Only
 * hints and preferences are written here, never a credential (the session cookie is the server's,
 * HttpOnly, out of every script's reach).
 */
export function writeCookie(name: string, value: string | null, maxAgeSeconds?: number): void {
  if (typeof document === 'undefined') return
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  const lifetime =
    value === null ? '; Max-Age=0' : maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this site supports
  document.cookie = `${name}=${value ?? ''}; Path=/${lifetime}; SameSite=Lax${secure}`
}

/** The value of the readable cookie `name`, or null (HttpOnly cookies are never visible here). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=')
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim())
    }
  }
  return null
}
