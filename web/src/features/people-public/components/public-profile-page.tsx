import type { CollectionSummary, ProfileComment, PublicProfileResponse } from '@bashboard/server/contract'
import { countOf, nounFor } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CalendarDays, Coins, FolderOpen } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { CommentOnPostRow } from '../../../components/ui/comment-on-post-row'
import { LoadFailed } from '../../../components/ui/load-failed'
import { NotFoundCard } from '../../../components/ui/not-found-card'
import { Pagination } from '../../../components/ui/pagination'
import { PostCounts } from '../../../components/ui/post-counts'
import { TabList, tabElementId } from '../../../components/ui/tabs'
import { ApiError } from '../../../lib/api-client'
import { formatCount } from '../../../lib/format-count'
import { formatDay, formatMonth } from '../../../lib/format-day'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { publicProfileQueryOptions } from '../queries'

/** The sections of a public profile; `posts` is shown first. */
type PublicProfileTab = 'posts' | 'collections' | 'comments'

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
      {children}
    </p>
  )
}

const rowClasses = 'flex flex-col gap-1.5 rounded-lg border border-line bg-surface-2/40 p-3'
const titleLinkClasses =
  'font-medium text-fg break-words hover:text-accent-text hover:underline hover:underline-offset-4'

function PostsSection({
  data,
  onPageChange,
}: {
  data: PublicProfileResponse
  onPageChange: (page: number) => void
}) {
  const { posts, postsPage, user } = data
  if (posts.length === 0)
    return (
      <Empty>
        {postsPage.totalPosts === 0
          ? `${user.username} hasn't shared any commands yet.`
          : 'No commands on this page.'}
      </Empty>
    )
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={`Commands by ${user.username}`} className="flex flex-col gap-2">
        {posts.map((post) => (
          <li key={post._id} className={rowClasses}>
            <Link to="/post/$slug" params={{ slug: post.slug }} className={titleLinkClasses}>
              {post.title || 'Untitled Post'}
            </Link>
            <code className="block truncate rounded-md bg-surface-3/60 px-2 py-1 font-mono text-xs text-accent-text">
              <span aria-hidden="true" className="text-muted select-none">
                ${' '}
              </span>
              {post.command}
            </code>
            <span className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
              <time dateTime={post.createdAt}>{formatDay(post.createdAt)}</time>
              <PostCounts post={post} />
            </span>
          </li>
        ))}
      </ul>
      {postsPage.totalPages > 1 ? (
        <Pagination
          page={postsPage.page}
          totalPages={postsPage.totalPages}
          onPageChange={onPageChange}
          label={`Pages of ${user.username}'s commands`}
        />
      ) : null}
    </div>
  )
}

function CollectionsSection({
  username,
  collections,
}: {
  username: string
  collections: readonly CollectionSummary[]
}) {
  if (collections.length === 0) return <Empty>{username} has no public collections yet.</Empty>
  return (
    <ul aria-label={`Collections by ${username}`} className="grid gap-2 sm:grid-cols-2">
      {collections.map((collection) => (
        <li key={collection._id} className={rowClasses}>
          <span className="flex items-center gap-2">
            <FolderOpen aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
            <Link
              to="/c/$username/$slug"
              params={{ username: collection.owner.username, slug: collection.slug }}
              className={titleLinkClasses}
            >
              {collection.name}
            </Link>
          </span>
          {collection.description ? (
            <p className="line-clamp-2 text-sm break-words text-muted">{collection.description}</p>
          ) : null}
          <span className="font-mono text-xs text-muted">
            {countOf(collection.postCount, 'command')} · updated{' '}
            <time dateTime={collection.updatedAt}>{formatDay(collection.updatedAt)}</time>
          </span>
        </li>
      ))}
    </ul>
  )
}

function CommentsSection({ username, comments }: { username: string; comments: readonly ProfileComment[] }) {
  if (comments.length === 0) return <Empty>{username} hasn't commented on any command yet.</Empty>
  return (
    <ul aria-label={`Comments by ${username}`} className="flex flex-col gap-2">
      {comments.map((comment) => (
        <CommentOnPostRow key={comment._id} comment={comment} />
      ))}
    </ul>
  )
}

function ProfileHeader({ data }: { data: PublicProfileResponse }) {
  const { user } = data
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:gap-5 sm:p-6">
      <Avatar name={user.username} src={user.avatar} size="lg" className="size-20 text-2xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-all text-fg">{user.username}</h1>
          <span className="rounded-full border border-accent/50 px-2 py-0.5 font-mono text-xs text-accent-text">
            {user.badge}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Coins aria-hidden="true" className="size-4 text-accent-text" />
            <span className="font-mono text-fg tabular-nums">{formatCount(user.points)}</span>{' '}
            {nounFor(user.points, 'point')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            Member since <time dateTime={user.createdAt}>{formatMonth(user.createdAt)}</time>
          </span>
        </p>
      </div>
    </Card>
  )
}

function ProfileNotFound() {
  useDocumentTitle('User not found')
  return (
    <NotFoundCard
      title="User not found"
      message="There is no member with this name. The name may be misspelt, or the account was removed."
      action={
        <Link to="/leaderboard" className={buttonClasses('primary', 'md')}>
          See the Leaderboard
        </Link>
      }
    />
  )
}

/** The page while it loads: header and three rows in their final sizes, so nothing jumps. */
export function PublicProfileLoading() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <span role="status" className="sr-only">
        Loading profile
      </span>
      <div
        aria-hidden="true"
        className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-5 sm:flex-row sm:items-center sm:p-6"
      >
        <div className="size-20 animate-pulse rounded-full bg-surface-3" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-7 w-48 animate-pulse rounded bg-surface-3" />
          <div className="h-4 w-64 max-w-full animate-pulse rounded bg-surface-2" />
        </div>
      </div>
      <div
        aria-hidden="true"
        className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 sm:p-5"
      >
        <div className="mb-2 h-8 w-72 max-w-full animate-pulse rounded bg-surface-2" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-24 animate-pulse rounded-lg bg-surface-2/60" />
        ))}
      </div>
    </div>
  )
}

export interface PublicProfilePageProps {
  username: string
}

/**
 * A member's public page (`/u/<username>`): avatar, badge, points and member since, then their commands
 * (paged), public collections and latest comments as tabs. An unknown member shows the not-found card
 * (the server answers the HTML with 404 too).
 */
export function PublicProfilePage({ username }: PublicProfilePageProps) {
  const [tab, setTab] = useState<PublicProfileTab>('posts')
  const [page, setPage] = useState(1)
  const query = useQuery({
    ...publicProfileQueryOptions(username, page),
    // Paging through one member's posts keeps the header and tabs on screen instead of flashing the
    // skeleton; another member's page never shows the previous member meanwhile. (Set here, not in the
    // query options, which the route's loader puts in the entry chunk.)
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === username.toLowerCase() ? previous : undefined,
  })
  const notFound = query.error instanceof ApiError && query.error.status === 404
  useDocumentTitle(query.data ? query.data.user.username : username)

  if (notFound) return <ProfileNotFound />
  if (!query.data) {
    if (query.isError)
      return (
        <div className="mx-auto max-w-4xl">
          <LoadFailed
            message="The profile could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )
    return <PublicProfileLoading />
  }
  const data = query.data
  const tabs = [
    { id: 'posts' as const, label: 'Commands', count: data.postsPage.totalPosts },
    { id: 'collections' as const, label: 'Collections', count: data.collections.length },
    { id: 'comments' as const, label: 'Comments', count: data.user.totalComments },
  ]
  const shownName = data.user.username
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <ProfileHeader data={data} />
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <TabList
          label={`${shownName}'s activity`}
          idPrefix="public-profile"
          tabs={tabs}
          active={tab}
          onChange={setTab}
          variant="underline"
        />
        <div
          role="tabpanel"
          id={`public-profile-panel-${tab}`}
          aria-labelledby={tabElementId('public-profile', tab)}
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          {tab === 'posts' ? <PostsSection data={data} onPageChange={setPage} /> : null}
          {tab === 'collections' ? (
            <CollectionsSection username={shownName} collections={data.collections} />
          ) : null}
          {tab === 'comments' ? <CommentsSection username={shownName} comments={data.comments} /> : null}
        </div>
      </Card>
    </div>
  )
}
