import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { buttonClasses } from '../components/ui/button-classes'
import { LoadFailed } from '../components/ui/load-failed'
import { NotFoundCard } from '../components/ui/not-found-card'
import { Loading } from '../components/ui/spinner'
import { EditPostPage } from '../features/create-post/components/edit-post-page'
import { postDetailQueryOptions } from '../features/posts/queries'
import { ApiError } from '../lib/api-client'
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
  if (detail.error instanceof ApiError && detail.error.status === 404)
    return (
      <NotFoundCard
        title="Post not found"
        message="This post doesn't exist or was deleted."
        action={
          <Link to="/browse" className={buttonClasses('primary', 'md')}>
            Browse Commands
          </Link>
        }
      />
    )
  if (!detail.data) {
    if (detail.isError)
      return (
        <div className="mx-auto max-w-3xl">
          <LoadFailed
            message="The post could not be loaded."
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        </div>
      )
    return <Loading label="Loading post..." className="py-24" />
  }
  // Keyed by id: a live edit from elsewhere does not reset what is being typed.
  return <EditPostPage key={detail.data.post._id} post={detail.data.post} />
}
