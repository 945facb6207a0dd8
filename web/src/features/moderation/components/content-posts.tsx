import type { ModPost } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { InternalLink } from '../../../components/ui/internal-link'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { type ContentSearch, modPostsQueryOptions, useModDeletePost } from '../api'
import { relativeTime, useNow } from '../format'
import { ContentSearchForm } from './content-search-form'
import { Pager } from './pager'
import { ReasonDialog } from './reason-dialog'

/** Posts found by text or author, each deletable with a reason. */
export function ContentPosts() {
  const toast = useToast()
  const now = useNow()
  const [search, setSearch] = useState<ContentSearch>({ q: '', author: '', page: 1 })
  const [deleting, setDeleting] = useState<ModPost | null>(null)
  const posts = useQuery(modPostsQueryOptions(search))
  const remove = useModDeletePost()

  function confirmDelete(reason: string): void {
    if (!deleting) return
    const post = deleting
    remove.mutate(
      { id: post._id, reason },
      {
        onSuccess: () => {
          setDeleting(null)
          toast({ title: 'Post deleted', message: `“${post.title}” was removed.`, variant: 'success' })
        },
        onError: (error) =>
          toast({
            title: 'Delete failed',
            message: error instanceof ApiError ? error.message : 'Failed to delete post',
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <ContentSearchForm
        textLabel="Title or command"
        withAuthor
        onSearch={(values) => setSearch({ ...values, page: 1 })}
      />
      {posts.isPending ? (
        <Loading label="Searching posts..." />
      ) : posts.isError && !posts.data ? (
        <LoadFailed
          message="Failed to search posts."
          onRetry={() => void posts.refetch()}
          retrying={posts.isFetching}
        />
      ) : posts.data.posts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No posts match this search.
        </p>
      ) : (
        <>
          <p className="text-xs text-muted" role="status">
            {posts.data.pagination.total} {posts.data.pagination.total === 1 ? 'post' : 'posts'}
          </p>
          <ul
            aria-label="Posts found"
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
          >
            {posts.data.posts.map((post) => (
              <li
                key={post._id}
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <InternalLink
                    href={`/post/${encodeURIComponent(post.slug)}`}
                    className="font-medium break-words text-fg hover:text-accent-text"
                  >
                    {post.title}
                  </InternalLink>
                  <p className="mt-1 truncate rounded bg-terminal px-2 py-1 font-mono text-xs text-[#d8f5e3]">
                    <span aria-hidden="true" className="mr-2 text-[#4ade80]">
                      $
                    </span>
                    {post.command}
                  </p>
                  <p className="mt-1 text-xs text-muted">
                    by {post.author?.username ?? 'deleted user'} · {relativeTime(post.createdAt, now)} · ▲{' '}
                    {post.uplikeCount} ▼ {post.downlikeCount} · {post.commentsCount} comments
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start text-danger"
                  onClick={() => setDeleting(post)}
                  aria-label={`Delete post ${post.title}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              </li>
            ))}
          </ul>
          <Pager
            label="Posts"
            page={posts.data.pagination.page}
            totalPages={posts.data.pagination.totalPages}
            onChange={(page) => setSearch((current) => ({ ...current, page }))}
          />
        </>
      )}
      {deleting ? (
        <ReasonDialog
          title="Delete this post?"
          description={
            <>
              <span className="font-medium text-fg">{deleting.title}</span> will be removed with its comments
              and votes, and its author loses the points it earned.
            </>
          }
          confirmLabel="Delete post"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  )
}
