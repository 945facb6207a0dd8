import { createFileRoute } from '@tanstack/react-router'
import { CommentsSection } from '../features/comments'
import { PostDetailLoading } from '../features/posts/components/post-detail-loading'
import { PostDetailPage } from '../features/posts/components/post-detail-page'
import { postDetailQueryOptions } from '../features/posts/queries'

export const Route = createFileRoute('/post/$slug')({
  // The page decides between "not found" and "go back to Browse"; a failed load must not throw here.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(postDetailQueryOptions(params.slug)).catch(() => undefined),
  pendingComponent: PostDetailLoading,
  component: PostRoute,
})

function PostRoute() {
  const { slug } = Route.useParams()
  return (
    <PostDetailPage
      slug={slug}
      renderComments={(post, liveId) => (
        <CommentsSection postId={post._id} commentsCount={post.commentsCount} liveId={liveId} />
      )}
    />
  )
}
