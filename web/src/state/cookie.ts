/**
 * Sets the site-wide cookie `name` to `value` (null clears it) for the server to read with the next page
 * it sends: SameSite=Lax, Secure over HTTPS, kept `maxAgeSeconds` or else for the browsing session. Only
 * hints and preferences go in cookies here, never a credential: the session stays in localStorage.
 */
export function writeCookie(name: string, value: string | null, maxAgeSeconds?: number): void {
  if (typeof document === 'undefined') return
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  const lifetime =
    value === null ? '; Max-Age=0' : maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this site supports
  document.cookie = `${name}=${value ?? ''}; Path=/${lifetime}; SameSite=Lax${secure}`
}
