import { redirect } from '@tanstack/react-router'
import { sessionAtom } from '../../state/session'
import type { AppStore } from '../../state/store'

/** beforeLoad guard of /login and /register: a signed-in user has nothing to do there. */
export function redirectSignedInHome({ context }: { context: { store: AppStore } }): void {
  if (context.store.get(sessionAtom)) throw redirect({ to: '/' })
}
