import { createFileRoute } from '@tanstack/react-router'
import { statsQueryOptions, websiteQueryOptions } from '../features/home/api'
import { HomeLoading, HomePage } from '../features/home/components/home-page'
import { PostList } from '../features/posts/components/post-list'

export const Route = createFileRoute('/')({
  // A failed request must not take the whole page down: each section shows its own error and retry.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(statsQueryOptions()).catch(() => undefined),
      context.queryClient.ensureQueryData(websiteQueryOptions()).catch(() => undefined),
    ]),
  pendingComponent: HomeLoading,
  component: HomeRoute,
})

function HomeRoute() {
  return (
    <HomePage
      renderPosts={(posts, reacted, { label, layout }) => (
        <PostList posts={posts} reacted={reacted} label={label} layout={layout} />
      )}
    />
  )
}
