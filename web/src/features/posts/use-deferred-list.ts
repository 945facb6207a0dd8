import { useDeferredValue, useMemo } from 'react'

/**
 * A list page's data while its query changes. React Query hands data to React synchronously
 * (useSyncExternalStore), so another query's list would render in one blocking pass, however long; drawn
 * from a deferred copy it renders in the background, where a key press interrupts it, and the list before
 * stays on screen until then (`behind`). A change to the list already shown (a vote, a live count) is
 * drawn at once: it re-renders only the cards it touches.
 *
 * @param owner which query `data` belongs to; undefined while it is the previous query's placeholder
 */
export function useDeferredList<T>(data: T, owner: string | undefined): { data: T; behind: boolean } {
  const fresh = useMemo(() => ({ data, owner }), [data, owner])
  const deferred = useDeferredValue(fresh)
  // Placeholder data (no owner) is a patch of nothing: it may be a list never drawn yet.
  const patch = owner !== undefined && deferred.owner === owner
  const shown = patch || deferred.data === data ? fresh : deferred
  return { data: shown.data, behind: shown !== fresh }
}
