import { createFileRoute } from '@tanstack/react-router'
import { categoriesQueryOptions } from '../features/create-post/api'
import { CreatePostPage } from '../features/create-post/components/create-post-page'
import { requireContributor } from '../features/create-post/guards'

export const Route = createFileRoute('/create-post')({
  beforeLoad: requireContributor,
  // Start the categories early; the page shows its own loading and error states, so a failure is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQueryOptions())
  },
  component: CreatePostPage,
})
