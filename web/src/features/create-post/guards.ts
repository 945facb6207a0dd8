import type { ProfileHeader } from '@bashboard/server/contract'
import { redirect } from '@tanstack/react-router'
import { ApiError } from '../../lib/api-client'
import { canCreatePosts, profileHeaderQueryOptions } from '../../lib/current-user'
import type { RouterContext } from '../../router-context'
import { sessionAtom } from '../../state/session'

/**
 * beforeLoad guard of /create-post (SEED-SPEC route table): guests go to /login, signed-in users who
 * are neither contributors nor moderators go to /application. The role comes from the profile header,
 * fetched here when it is not cached yet.
 */
export async function requireContributor({ context }: { context: RouterContext }): Promise<void> {
  if (!context.store.get(sessionAtom)) throw redirect({ to: '/login' })
  let user: ProfileHeader
  try {
    user = await context.queryClient.ensureQueryData(profileHeaderQueryOptions())
  } catch (error) {
    // A refused token: the header's hook logs the tab out; the login page is where this leads.
    if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login' })
    throw error
  }
  // The application route belongs to another part of the app; href keeps this independent of its typing.
  if (!canCreatePosts(user)) throw redirect({ href: '/application' })
}
