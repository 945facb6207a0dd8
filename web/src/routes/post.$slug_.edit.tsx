import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { postQueryFallback } from '../components/ui/post-query-fallback'
import { EditPostPage } from '../features/create-post/components/edit-post-page'
import { postDetailQueryOptions } from '../features/posts/queries'
import { loadSignedInUser } from '../lib/route-guards'

// Not nested under /post/$slug (the trailing `_`): the edit screen replaces the post page.
export const Route = createFileRoute('/post/$slug_/edit')({
  // Guests go to /login; whether this user may edit this post is the page's to say. The page loads the
  // post itself (no loader: the entry chunk, which holds every loader, is at its size budget).
  beforeLoad: loadSignedInUser,
  component: EditPostRoute,
})

function EditPostRoute() {
  const { slug } = Route.useParams()
  const detail = useQuery(postDetailQueryOptions(slug))
  const fallback = postQueryFallback(detail, {
    failed: 'The post could not be loaded.',
    loading: 'Loading post...',
  })
  if (fallback || !detail.data) return fallback
  // Keyed by id: a live edit from elsewhere does not reset what is being typed.
  return <EditPostPage key={detail.data.post._id} post={detail.data.post} />
}
