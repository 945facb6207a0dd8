import { redirect } from '@tanstack/react-router'
import { sessionAtom } from '../../state/session'
import type { AppStore } from '../../state/store'

/** beforeLoad guard of the member's own pages (/profile, /settings): guests go to /login. */
export function requireSignedIn({ context }: { context: { store: AppStore } }): void {
  if (!context.store.get(sessionAtom)) throw redirect({ to: '/login' })
}
