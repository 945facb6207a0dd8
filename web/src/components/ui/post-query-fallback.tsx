import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ApiError } from '../../lib/api-client'
import { buttonClasses } from './button-classes'
import { LoadFailed } from './load-failed'
import { NotFoundCard } from './not-found-card'
import { Loading } from './spinner'

/** The parts of a post query (or one read by slug) a page shows before its data. */
interface PostQueryState {
  data: unknown
  error: unknown
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

/**
 * What a page about one post shows until its query has data: "Post not found" for a 404, the failure
 * with a retry, or the loading line. Null once there is data.
 */
export function postQueryFallback(
  query: PostQueryState,
  /** "The post could not be loaded." and "Loading post...". */
  texts: { failed: string; loading: string },
): ReactNode | null {
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <NotFoundCard
        title="Post not found"
        message="This post doesn't exist or was deleted."
        action={
          <Link to="/browse" className={buttonClasses('primary', 'md')}>
            Browse Commands
          </Link>
        }
      />
    )
  if (query.data !== undefined) return null
  if (query.isError)
    return (
      <div className="mx-auto max-w-3xl">
        <LoadFailed message={texts.failed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    )
  return <Loading label={texts.loading} className="py-24" />
}
