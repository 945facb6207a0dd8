import type { ProfileHeader } from '@bashboard/server/contract'
import { redirect } from '@tanstack/react-router'
import type { RouterContext } from '../router-context'
import { sessionAtom } from '../state/session'
import { ApiError } from './api-client'
import { profileHeaderQueryOptions } from './current-user'

/**
 * The start of every role-checking beforeLoad guard: guests go to /login, and the signed-in user's
 * profile header (cached, or fetched now) is returned so the guard can check the role. Shared here
 * because features never import each other's guards.
 */
export async function loadSignedInUser({ context }: { context: RouterContext }): Promise<ProfileHeader> {
  if (!context.store.get(sessionAtom)) throw redirect({ to: '/login' })
  try {
    return await context.queryClient.ensureQueryData(profileHeaderQueryOptions())
  } catch (error) {
    // A refused token: the header's hook logs the tab out, and the login page is where that leads.
    if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login' })
    throw error
  }
}
