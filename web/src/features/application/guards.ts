import type { ProfileHeader } from '@bashboard/server/contract'
import { redirect } from '@tanstack/react-router'
import { ApiError } from '../../lib/api-client'
import { canCreatePosts, profileHeaderQueryOptions } from '../../lib/current-user'
import type { RouterContext } from '../../router-context'
import { sessionAtom } from '../../state/session'

/**
 * beforeLoad guard of /application (SEED-SPEC route table): guests go to /login; contributors and
 * moderators, who have nothing to apply for, go to /create-post.
 */
export async function requireApplicant({ context }: { context: RouterContext }): Promise<void> {
  if (!context.store.get(sessionAtom)) throw redirect({ to: '/login' })
  let user: ProfileHeader
  try {
    user = await context.queryClient.ensureQueryData(profileHeaderQueryOptions())
  } catch (error) {
    // A refused token: the header's hook logs the tab out, and the login page is where that leads.
    if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login' })
    throw error
  }
  if (canCreatePosts(user)) throw redirect({ to: '/create-post' })
}
