import { redirect } from '@tanstack/react-router'
import { canCreatePosts } from '../../lib/current-user'
import { type GuardArgs, loadSignedInUser } from '../../lib/route-guards'

/**
 * beforeLoad guard of /create-post (docs/product-rules.md#routes): guests go to /login, signed-in users who
 * are neither contributors nor moderators go to /application. The role comes from the profile header,
 * fetched here when it is not cached yet.
 */
export async function requireContributor(args: GuardArgs): Promise<void> {
  const user = await loadSignedInUser(args)
  if (!canCreatePosts(user)) throw redirect({ to: '/application' })
}
