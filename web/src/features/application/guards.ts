import { redirect } from '@tanstack/react-router'
import { canCreatePosts } from '../../lib/current-user'
import { type GuardArgs, loadSignedInUser } from '../../lib/route-guards'

/**
 * beforeLoad guard of /application (docs/product-rules.md#routes): guests go to /login; contributors and
 * moderators, who have nothing to apply for, go to /create-post.
 */
export async function requireApplicant(args: GuardArgs): Promise<void> {
  const user = await loadSignedInUser(args)
  if (canCreatePosts(user)) throw redirect({ to: '/create-post' })
}
