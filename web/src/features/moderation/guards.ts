import { redirect } from '@tanstack/react-router'
import { ApiError } from '../../lib/api-client'
import { profileHeaderQueryOptions } from '../../lib/current-user'
import type { RouterContext } from '../../router-context'
import { sessionAtom } from '../../state/session'

/**
 * beforeLoad guard of /mod: guests go to /login. Signed-in users get through, and the console's layout
 * shows the 403 page unless they are moderators (the header is loaded here so that is known at once).
 */
export async function requireSignedInForConsole({ context }: { context: RouterContext }): Promise<void> {
  if (!context.store.get(sessionAtom)) throw redirect({ to: '/login' })
  try {
    await context.queryClient.ensureQueryData(profileHeaderQueryOptions())
  } catch (error) {
    // A refused token: the header's hook logs the tab out, and the login page is where that leads.
    if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login' })
    throw error
  }
}
