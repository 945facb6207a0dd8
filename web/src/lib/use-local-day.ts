import { formatDay, formatDayUtc } from './format-day'
import { useHydrated } from './hydration'

/**
 * How a page writes a day ("Nov 21, 2026"): in the visitor's time zone once the app runs, in UTC in the
 * server's render and while the app takes that HTML over, so both write the same text (a day that
 * differs is a hydration mismatch, and React then throws the server's page away).
 */
export function useLocalDay(): (iso: string | null | undefined) => string {
  const hydrated = useHydrated()
  return hydrated ? formatDay : formatDayUtc
}
