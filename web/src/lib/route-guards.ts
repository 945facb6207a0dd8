import type { ProfileHeader } from '@bashboard/server/contract'
import { type ParsedLocation, redirect } from '@tanstack/react-router'
import type { RouterContext } from '../router-context'
import { sessionAtom } from '../state/session'
import { ApiError } from './api-client'
import { profileHeaderQueryOptions } from './current-user'
import { returnPathFrom, returnSearch } from './return-path'

/** What a beforeLoad guard is given that the guards here use. */
export interface GuardArgs {
  context: RouterContext
  location: ParsedLocation
}

/**
 * The start of every role-checking beforeLoad guard: guests go to /login (to come back to `location`
 * once signed in), and the signed-in user's profile header (cached, or fetched now) is returned so the
 * guard can check the role. Shared here because features never import each other's guards.
 */
export async function loadSignedInUser({ context, location }: GuardArgs): Promise<ProfileHeader> {
  const toLogin = () => redirect({ to: '/login', search: returnSearch(returnPathFrom(location)) })
  if (!context.store.get(sessionAtom)) throw toLogin()
  try {
    return await context.queryClient.ensureQueryData(profileHeaderQueryOptions())
  } catch (error) {
    // A refused token: the header's hook logs the tab out, and the login page is where that leads.
    if (error instanceof ApiError && error.status === 401) throw toLogin()
    throw error
  }
}
