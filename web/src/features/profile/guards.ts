import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { returnPathFrom, returnSearch } from '../../lib/return-path'
import { sessionAtom } from '../../state/session'
import type { AppStore } from '../../state/store'

/**
 * beforeLoad guard of the member's own pages (/profile, /settings): guests go to /login, and come back
 * here once signed in.
 */
export function requireSignedIn({
  context,
  location,
}: {
  context: { store: AppStore }
  location: ParsedLocation
}): void {
  if (!context.store.get(sessionAtom))
    throw redirect({ to: '/login', search: returnSearch(returnPathFrom(location)) })
}
