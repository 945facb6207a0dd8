import { Loading } from '../../../components/ui/spinner'

/**
 * The loading state of an article. Its own module: the route's pendingComponent stays in the entry
 * chunk, and importing it from blog-detail-page.tsx would pull the whole page in with it.
 */
export function BlogDetailLoading() {
  return <Loading label="Loading article..." className="py-24" />
}
