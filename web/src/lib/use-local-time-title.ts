import { formatDayAndTime } from './format-day'
import { useHydrated } from './hydration'

/**
 * The exact local moment of a time for its tooltip ("Nov 21, 2026, 3:04 PM"), or undefined in the server's
 * render and until the app has taken it over: the server's time zone is not the visitor's, and hydration
 * keeps the server's attributes (lib/hydration.tsx, useHydrated).
 */
export function useLocalTimeTitle(): (iso: string) => string | undefined {
  const hydrated = useHydrated()
  return (iso) => (hydrated ? formatDayAndTime(iso) : undefined)
}
