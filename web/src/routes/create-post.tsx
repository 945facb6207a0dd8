import { createFileRoute } from '@tanstack/react-router'
import { CreatePostPage } from '../features/create-post/components/create-post-page'
import { requireContributor } from '../features/create-post/guards'
import { categoriesQueryOptions } from '../features/create-post/queries'

export const Route = createFileRoute('/create-post')({
  // A page of members or of few visitors: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  beforeLoad: requireContributor,
  // Start the categories early; the page shows its own loading and error states, so a failure is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQueryOptions())
  },
  component: CreatePostPage,
})
