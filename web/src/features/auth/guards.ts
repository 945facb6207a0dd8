import { redirect } from '@tanstack/react-router'
import { type ReturnSearch, safeReturnPath } from '../../lib/return-path'
import { sessionAtom } from '../../state/session'
import type { AppStore } from '../../state/store'

/**
 * beforeLoad guard of /login and /register: a signed-in user has nothing to do there, and goes where
 * the sign-in would have taken them (the validated return address, else the home page).
 */
export function redirectSignedIn({
  context,
  search,
}: {
  context: { store: AppStore }
  search: ReturnSearch
}): void {
  if (context.store.get(sessionAtom)) throw redirect({ href: safeReturnPath(search.redirect) ?? '/' })
}
