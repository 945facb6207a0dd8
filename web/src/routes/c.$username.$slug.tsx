import { createFileRoute } from '@tanstack/react-router'
import { CollectionPage } from '../features/collections/components/collection-page'
import { collectionPageQueryOptions } from '../features/collections/queries'
import { SaveButton } from '../features/posts/components/save-button'

export const Route = createFileRoute('/c/$username/$slug')({
  // A page of members or of few visitors: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  // Start loading with the route's code but do not wait: the page draws its own skeleton (in its own
  // chunk, not the entry's), and its own "not found" or retry when the request fails.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(collectionPageQueryOptions(params.username, params.slug))
  },
  component: CollectionRoute,
})

function CollectionRoute() {
  const { username, slug } = Route.useParams()
  return (
    <CollectionPage
      username={username}
      slug={slug}
      renderSave={(post) => (
        <SaveButton postId={post._id} savedCount={post.savedCount} saved={post.isSaved} />
      )}
    />
  )
}
