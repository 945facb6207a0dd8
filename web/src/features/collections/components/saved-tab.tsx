import type { PostCard } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Bookmark, Search } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Pagination } from '../../../components/ui/pagination'
import { formatCount } from '../../../lib/format-count'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useLiveTopic } from '../../../live/live-provider'
import { savedPostsQueryOptions } from '../queries'
import { CollectionCardsSkeleton } from './collection-page-loading'
import { CollectionPostCard } from './collection-post-card'
import { ExportMenu } from './export-menu'

export interface SavedTabProps {
  /** The bookmark of each card (the posts feature's Save toggle), composed by the route. */
  renderSave?: (post: PostCard) => ReactNode
}

/** The empty state: what saving is and where to start. */
function NothingSaved() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong px-4 py-10 text-center">
      <Bookmark aria-hidden="true" className="size-8 text-muted" />
      <p className="text-sm text-fg">
        No saved commands yet — press the bookmark on any command to keep it here.
      </p>
      <Link to="/browse" className={buttonClasses('secondary', 'sm')}>
        <Search aria-hidden="true" className="size-4" />
        Browse Commands
      </Link>
    </div>
  )
}

/**
 * The profile's Saved tab: every command the user saved, the most recently saved first, 20 a page, each
 * with its bookmark to unsave, and "Export all saved". Kept in step with the user's other tabs through
 * their `user:<id>` topic.
 */
export function SavedTab({ renderSave }: SavedTabProps) {
  const [page, setPage] = useState(1)
  const saved = useQuery({ ...savedPostsQueryOptions(page), placeholderData: keepPreviousData })
  const { user } = useCurrentUser()
  useLiveTopic(user ? `user:${user._id}` : null, saved.data?.liveId)

  const totalPages = saved.data?.pagination.totalPages ?? 0
  // Unsaving the last commands of the last page leaves it empty: show the page before it instead.
  useEffect(() => {
    if (saved.data && !saved.isPlaceholderData && page > 1 && page > totalPages)
      setPage(Math.max(1, totalPages))
  }, [saved.data, saved.isPlaceholderData, page, totalPages])

  if (saved.isPending)
    return (
      <div className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          Loading saved commands
        </span>
        <div aria-hidden="true" className="h-8" />
        <CollectionCardsSkeleton count={3} />
      </div>
    )
  if (saved.isError)
    return (
      <LoadFailed
        message="Your saved commands could not be loaded."
        onRetry={() => void saved.refetch()}
        retrying={saved.isFetching}
      />
    )
  const { posts, pagination } = saved.data
  if (pagination.totalPosts === 0) return <NothingSaved />
  return (
    <div className="flex flex-col gap-4">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">
          <span className="font-mono text-fg">{formatCount(pagination.totalPosts)}</span>{' '}
          {nounFor(pagination.totalPosts, 'command')} saved, newest first
        </p>
        <ExportMenu target="saved" baseName="saved-commands" label="Export all saved" align="end" />
      </div>
      <ul
        aria-label="Saved commands"
        aria-busy={saved.isPlaceholderData || undefined}
        className="flex flex-col gap-3"
      >
        {posts.map((post) => (
          <li key={post._id} className="flex min-w-0">
            <CollectionPostCard post={post} save={renderSave?.(post)} className="w-full" />
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 ? (
        <div className="flex flex-col items-center gap-2">
          <Pagination
            page={pagination.page}
            totalPages={pagination.totalPages}
            onPageChange={setPage}
            label="Saved commands pages"
          />
          <p className="text-xs text-muted">
            Page {pagination.page} of {pagination.totalPages}
          </p>
        </div>
      ) : null}
    </div>
  )
}
