import { redirect } from '@tanstack/react-router'
import { canCreatePosts } from '../../lib/current-user'
import { loadSignedInUser } from '../../lib/route-guards'
import type { RouterContext } from '../../router-context'

/**
 * beforeLoad guard of /application (docs/product-rules.md#routes): guests go to /login; contributors and
 * moderators, who have nothing to apply for, go to /create-post.
 */
export async function requireApplicant({ context }: { context: RouterContext }): Promise<void> {
  const user = await loadSignedInUser({ context })
  if (canCreatePosts(user)) throw redirect({ to: '/create-post' })
}
