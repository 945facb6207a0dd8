/** "Nov 21, 2026", or "Unknown date" for a missing or broken date: how every page writes a day. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return 'Unknown date'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown date'
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}
