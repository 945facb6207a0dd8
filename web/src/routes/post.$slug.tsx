import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SaveToCollectionButton } from '../features/collections/components/save-to-collection-button'
import { CommentsSection } from '../features/comments'
import { updateSavedEverywhere } from '../features/posts/cache'
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
  const queryClient = useQueryClient()
  return (
    <PostDetailPage
      slug={slug}
      renderComments={(post, liveId) => (
        <CommentsSection postId={post._id} commentsCount={post.commentsCount} liveId={liveId} />
      )}
      renderSaveActions={(post) => (
        <SaveToCollectionButton
          postId={post._id}
          postTitle={post.title}
          // Adding to a collection saves the post: its bookmark turns on without waiting for the push.
          onSaveState={(state) =>
            updateSavedEverywhere(queryClient, state.postId, state.saved, state.savedCount)
          }
        />
      )}
    />
  )
}
