import { redirect } from '@tanstack/react-router'
import { canCreatePosts } from '../../lib/current-user'
import { loadSignedInUser } from '../../lib/route-guards'
import type { RouterContext } from '../../router-context'

/**
 * beforeLoad guard of /create-post (docs/product-rules.md#routes): guests go to /login, signed-in users who
 * are neither contributors nor moderators go to /application. The role comes from the profile header,
 * fetched here when it is not cached yet.
 */
export async function requireContributor({ context }: { context: RouterContext }): Promise<void> {
  const user = await loadSignedInUser({ context })
  if (!canCreatePosts(user)) throw redirect({ to: '/application' })
}
