import { Loading } from '../../../components/ui/spinner'

/**
 * The loading state of the post page. Its own module: the route's pendingComponent stays in the entry
 * chunk, and importing it from post-detail-page.tsx would pull the whole page in with it.
 */
export function PostDetailLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-24 text-center">
      <Loading label="Loading Post" className="py-0" />
      <p className="text-sm text-muted">Fetching command details</p>
    </div>
  )
}
