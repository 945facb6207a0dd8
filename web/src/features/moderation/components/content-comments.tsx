import type { ModComment } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { InternalLink } from '../../../components/ui/internal-link'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { type ContentSearch, modCommentsQueryOptions, useModDeleteComment } from '../api'
import { relativeTime, useNow } from '../format'
import { ContentSearchForm } from './content-search-form'
import { Pager } from './pager'
import { ReasonDialog } from './reason-dialog'

/** A comment shortened for the confirmation dialog. */
function excerpt(text: string, length = 120): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text
}

/** Comments found by text or author, each deletable with a reason. */
export function ContentComments() {
  const toast = useToast()
  const now = useNow()
  const [search, setSearch] = useState<ContentSearch>({ q: '', author: '', page: 1 })
  const [deleting, setDeleting] = useState<ModComment | null>(null)
  const comments = useQuery(modCommentsQueryOptions(search))
  const remove = useModDeleteComment()

  function confirmDelete(reason: string): void {
    if (!deleting) return
    remove.mutate(
      { id: deleting._id, reason },
      {
        onSuccess: () => {
          setDeleting(null)
          toast({ title: 'Comment deleted', message: 'The comment was removed.', variant: 'success' })
        },
        onError: (error) =>
          toast({
            title: 'Delete failed',
            message: error instanceof ApiError ? error.message : 'Failed to delete comment',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <ContentSearchForm
        textLabel="Comment text"
        withAuthor
        onSearch={(values) => setSearch({ ...values, page: 1 })}
      />
      {comments.isPending ? (
        <Loading label="Searching comments..." />
      ) : comments.isError && !comments.data ? (
        <LoadFailed
          message="Failed to search comments."
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : comments.data.comments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No comments match this search.
        </p>
      ) : (
        <>
          <p className="text-xs text-muted" role="status">
            {comments.data.pagination.total} {comments.data.pagination.total === 1 ? 'comment' : 'comments'}
          </p>
          <ul
            aria-label="Comments found"
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
          >
            {comments.data.comments.map((comment) => (
              <li
                key={comment._id}
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words whitespace-pre-wrap text-fg">{comment.content}</p>
                  <p className="mt-1 text-xs text-muted">
                    by {comment.author?.username ?? 'deleted user'} · {relativeTime(comment.createdAt, now)} ·
                    on{' '}
                    <InternalLink
                      href={`/post/${encodeURIComponent(comment.post.slug)}`}
                      className="text-accent-text underline-offset-2 hover:underline"
                    >
                      {comment.post.title}
                    </InternalLink>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start text-danger"
                  onClick={() => setDeleting(comment)}
                  aria-label={`Delete comment by ${comment.author?.username ?? 'deleted user'}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              </li>
            ))}
          </ul>
          <Pager
            label="Comments"
            page={comments.data.pagination.page}
            totalPages={comments.data.pagination.totalPages}
            onChange={(page) => setSearch((current) => ({ ...current, page }))}
          />
        </>
      )}
      {deleting ? (
        <ReasonDialog
          title="Delete this comment?"
          description={<q className="text-fg">{excerpt(deleting.content)}</q>}
          confirmLabel="Delete comment"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  )
}
