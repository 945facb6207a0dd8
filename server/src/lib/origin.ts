/** `https://Example.com/` → `https://example.com`, so configured origins compare with the header. */
export function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin.toLowerCase()
  } catch {
    return origin.toLowerCase()
  }
}

/** True when the Origin header names the host the request was sent to (same-origin page). */
export function isSameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase()
  } catch {
    return false
  }
}

/**
 * Whether a browser's Origin header may act on this site: absent (not a cross-site browser request),
 * one of `allowed` (normalised), or the very host the request was sent to.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: ReadonlySet<string>,
  host: string | undefined,
): boolean {
  if (origin === undefined) return true
  return allowed.has(normaliseOrigin(origin)) || isSameHost(origin, host)
}
