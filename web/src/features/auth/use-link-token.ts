import { useSearch } from '@tanstack/react-router'

/** The `?token=` of a page a mail links to (a reset, a verification, an unsubscribe), if any. */
export function useLinkToken(): string | undefined {
  return useSearch({
    strict: false,
    select: (search: Record<string, unknown>) =>
      typeof search.token === 'string' && search.token !== '' ? search.token : undefined,
  })
}
