/** The start of the current UTC day: "today" for the platform stats. */
export function startOfUtcDay(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/** How often {@link pollUntil} looks again. */
const POLL_INTERVAL_MS = 20

/**
 * Waits until `ready()` holds (true), `stopped()` holds or `timeoutMs` has passed (false), looking every
 * {@link POLL_INTERVAL_MS}: for a connection's state, which its client reports without an event to await.
 */
export async function pollUntil(
  ready: () => boolean,
  stopped: () => boolean,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!stopped()) {
    if (ready()) return true
    if (Date.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
  }
  return false
}
