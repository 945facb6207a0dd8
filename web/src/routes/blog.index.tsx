import { createFileRoute } from '@tanstack/react-router'
import { BlogListPage } from '../features/blog/components/blog-list-page'
import { blogListQueryOptions } from '../features/blog/queries'

export interface BlogSearch {
  page?: number
}

/** `?page=N` for N > 1; anything else is page 1 and stays out of the URL (docs/product-rules.md#lists). */
function validateSearch(raw: Record<string, unknown>): BlogSearch {
  const page = Number.parseInt(String(raw.page ?? ''), 10)
  return Number.isFinite(page) && page > 1 ? { page } : {}
}

export const Route = createFileRoute('/blog/')({
  // Not a first screen the server draws: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  validateSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // The page shows its own error state and toast; a failed load must not stop the route rendering.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(blogListQueryOptions(deps.page)).catch(() => undefined),
  component: BlogRoute,
})

function BlogRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <BlogListPage
      page={page ?? 1}
      onPageChange={(next) => {
        void navigate({ search: next > 1 ? { page: next } : {} })
        window.scrollTo({ top: 0 })
      }}
    />
  )
}
