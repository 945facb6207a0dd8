import { createFileRoute } from '@tanstack/react-router'
import { BlogDetailLoading } from '../features/blog/components/blog-detail-loading'
import { BlogDetailPage } from '../features/blog/components/blog-detail-page'
import { blogDetailQueryOptions } from '../features/blog/queries'

export const Route = createFileRoute('/blog/$slug')({
  // Not a first screen the server draws: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  // The page decides between 'Blog post not found' and "back to /blog"; a failed load must not throw.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(blogDetailQueryOptions(params.slug)).catch(() => undefined),
  pendingComponent: BlogDetailLoading,
  component: BlogRoute,
})

function BlogRoute() {
  const { slug } = Route.useParams()
  return <BlogDetailPage slug={slug} />
}
