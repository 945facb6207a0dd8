import { createFileRoute } from '@tanstack/react-router'
import { adsQueryOptions } from '../features/ads/queries'
import { statsQueryOptions, websiteQueryOptions } from '../features/home/api'
import { HomePending } from '../features/home/components/home-loading'
import { HomePage } from '../features/home/components/home-page'
import { PostList } from '../features/posts/components/post-list'

export const Route = createFileRoute('/')({
  // The requests start here, with the route's code, but the page does not wait for them: the welcome
  // banner (the largest text, what the visitor reads first) is painted at once, and each section holds
  // the space of what it loads (the stat tiles' skeleton, a screen's height for the lists) and shows its
  // own error and retry. The ads start with them, so their slots usually render filled.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adsQueryOptions('Homepage'))
    void context.queryClient.prefetchQuery(statsQueryOptions())
    void context.queryClient.prefetchQuery(websiteQueryOptions())
  },
  pendingComponent: HomePending,
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
