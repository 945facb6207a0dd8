import type { PostCard as PostCardData, PostDetailResponse } from '@bashboard/server/contract'
import { countOf, nounFor } from '@bashboard/server/contract/plurals'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import {
  ArrowLeft,
  BarChart3,
  Bookmark,
  Calendar,
  Copy,
  Eye,
  FolderOpen,
  MessageSquare,
  Pencil,
  Share2,
  ThumbsDown,
  ThumbsUp,
  UserRound,
} from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { CodeBlock } from '../../../components/ui/code-block'
import { commandCopiedToast } from '../../../components/ui/command-copied'
import { DetailRow } from '../../../components/ui/detail-row'
import { NotFoundCard } from '../../../components/ui/not-found-card'
import { SafeHtml } from '../../../components/ui/safe-html'
import { useToast } from '../../../components/ui/toast'
import { useSharePage } from '../../../components/ui/use-share-page'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { usePageLocation } from '../../../lib/page-location'
import { formatRelativeTime } from '../../../lib/relative-time'
import { useLocalDay } from '../../../lib/use-local-day'
import { useLocalTimeTitle } from '../../../lib/use-local-time-title'
import { usePageMeta } from '../../../lib/use-page-meta'
import { useLiveTopic } from '../../../live/live-provider'
import { isSignedInAtom } from '../../../state/session'
import { postDetailQueryOptions, postKeys } from '../api'
import { formatCount, NO_VOTES_YET, upvotePercentage } from '../format'
import { DangerWarning } from './danger-warning'
import { usePlaceholderFill } from './placeholder-fill'
import { FilledCommandLine, PlaceholderForm } from './placeholder-form'
import { TagChip } from './post-card'
import { PostDetailLoading } from './post-detail-loading'
import { PostOwnerActions } from './post-owner-actions'
import { SaveButton } from './save-button'
import { VoteButtons } from './vote-buttons'

export interface PostDetailPageProps {
  slug: string
  /** The comments area, composed by the route from the comments feature. */
  renderComments?: (post: PostCardData, liveId: string) => ReactNode
  /** More actions beside Save (the collections feature's "Save to collection…"), composed by the route. */
  renderSaveActions?: (post: PostCardData) => ReactNode
}

/**
 * Copies the command (`command`: with the reader's placeholder values in; the toast names the `unfilled`
 * ones), or shares the page (device share sheet, else the URL to the clipboard).
 */
function useShareActions(post: PostCardData, command: string, unfilled: readonly string[]) {
  const toast = useToast()
  async function copyCommand(): Promise<void> {
    try {
      await navigator.clipboard.writeText(command)
      toast(commandCopiedToast(unfilled))
    } catch {
      toast({
        title: 'Copy failed',
        message: 'Select the command and copy it by hand.',
        variant: 'destructive',
      })
    }
  }
  const sharePage = useSharePage()
  const share = (): Promise<void> =>
    sharePage({
      title: post.title,
      text: post.excerpt,
      copiedTitle: 'Link Copied!',
      copiedMessage: 'Post URL copied to clipboard.',
    })
  return { copyCommand, share }
}

function SideHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-sm font-semibold tracking-tight text-fg">{children}</h2>
}

function PostNotFound() {
  return (
    <NotFoundCard
      title="Post not found"
      message="The post you're looking for doesn't exist or has been removed"
      action={
        <Link to="/browse" className={buttonClasses('primary', 'md')}>
          Browse Commands
        </Link>
      }
    />
  )
}

function PostBody({
  detail,
  renderComments,
  renderSaveActions,
}: { detail: PostDetailResponse } & Pick<PostDetailPageProps, 'renderComments' | 'renderSaveActions'>) {
  const { post, related } = detail
  const location = usePageLocation()
  const signedIn = useAtomValue(isSignedInAtom)
  const fill = usePlaceholderFill(post.command, post._id, !signedIn)
  const timeTitle = useLocalTimeTitle()
  const day = useLocalDay()
  const { copyCommand, share } = useShareActions(post, fill.command, fill.unfilled)
  const title = post.title || 'Untitled Post'
  const author = post.author.username || 'Anonymous'
  const badge = post.author.badge || 'Member'
  const category = post.category?.name ?? 'Uncategorized'
  const vote = detail.isLiked ? 'liked' : detail.isDisliked ? 'disliked' : 'none'
  const percentage = upvotePercentage(post.uplikeCount, post.downlikeCount)
  const description = `${post.excerpt || 'No description available'} A Linux command in the ${category} category.`

  usePageMeta(title, {
    description,
    keywords: [...post.tags, category, 'linux', 'command'].join(', '),
    author,
    'og:title': title,
    'og:description': description,
    'og:type': 'article',
    'og:url': location.href,
    'og:image': `${location.origin}/favicon.svg`,
  })

  return (
    <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)_17rem]">
      {/* The command first in the page's order (a phone's one column reads it first); on wide screens the
          actions take the left column. */}
      <article
        aria-labelledby="post-title"
        className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-start-1"
      >
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <header className="flex flex-col gap-4">
            <h1 id="post-title" className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
              {title}
            </h1>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
              <Link
                to="/u/$username"
                params={{ username: author }}
                className="group flex items-center gap-2 rounded-md"
              >
                <Avatar name={author} src={post.author.avatar} size="md" />
                <span className="flex flex-col leading-tight">
                  <span className="font-medium text-fg group-hover:text-accent-text group-hover:underline group-hover:underline-offset-4">
                    {author}
                  </span>
                  <span className="text-xs">{badge}</span>
                </span>
              </Link>
              <span className="inline-flex items-center gap-1.5">
                <Calendar aria-hidden="true" className="size-4" />
                <time dateTime={post.createdAt}>{day(post.createdAt)}</time>
              </span>
              {post.editedAt ? (
                // The mark opens the post's history: every earlier version, with what each edit changed.
                <Link
                  to="/post/$slug/history"
                  params={{ slug: post.slug }}
                  data-testid="edited-mark"
                  className="inline-flex items-center gap-1.5 rounded-md text-xs hover:text-accent-text hover:underline hover:underline-offset-4"
                >
                  <Pencil aria-hidden="true" className="size-3.5" />
                  <span>
                    edited{' '}
                    <time dateTime={post.editedAt} title={timeTitle(post.editedAt)}>
                      {formatRelativeTime(post.editedAt)}
                    </time>
                    <span className="sr-only">, see what changed</span>
                  </span>
                </Link>
              ) : null}
              <span className="inline-flex items-center gap-1.5">
                <Eye aria-hidden="true" className="size-4" />
                <span data-testid="detail-view-count">{formatCount(post.viewCount)}</span>{' '}
                {nounFor(post.viewCount, 'view')}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <MessageSquare aria-hidden="true" className="size-4" />
                {countOf(post.commentsCount, 'comment')}
              </span>
            </div>
            {post.tags.length > 0 ? (
              <div className="flex flex-wrap gap-2">
                {post.tags.map((tag) => (
                  <TagChip key={tag} tag={tag} />
                ))}
              </div>
            ) : null}
            <PostOwnerActions post={post} />
          </header>

          <div className="flex flex-col gap-2">
            <CodeBlock
              command={fill.command}
              unfilled={fill.unfilled}
              wrap={fill.names.length > 0}
              renderLine={
                fill.names.length > 0
                  ? (_line, index) => <FilledCommandLine segments={fill.lines[index] ?? []} />
                  : undefined
              }
            />
            <DangerWarning safety={post.safety} />
            <PlaceholderForm fill={fill} />
          </div>

          {post.description ? (
            <SafeHtml html={post.description} />
          ) : (
            <p className="text-sm text-muted">No description available</p>
          )}

          <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface-2/60 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-1 text-sm">
              <span className="text-muted">
                Category: <span className="font-medium text-fg">{category}</span>
              </span>
              <span data-testid="upvote-percentage" className="text-muted">
                {percentage === null ? (
                  NO_VOTES_YET
                ) : (
                  <>
                    <span className="font-mono font-semibold text-accent-text">{percentage}%</span> upvoted
                  </>
                )}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <VoteButtons
                postId={post._id}
                uplikeCount={post.uplikeCount}
                downlikeCount={post.downlikeCount}
                vote={vote}
                authorId={post.author._id}
                size="md"
              />
              <SaveButton postId={post._id} savedCount={post.savedCount} saved={detail.isSaved} size="md" />
              {renderSaveActions?.(post)}
            </div>
          </div>
        </Card>
        <AdSlot page="PostDetails" slot="ads3" className="w-full" />
        {renderComments ? renderComments(post, detail.liveId) : null}
      </article>

      <aside aria-label="Post actions" className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
        <Link to="/browse" className={cn(buttonClasses('ghost', 'sm'), 'self-start')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Browse
        </Link>
        <Card className="flex items-start gap-2.5 p-4 text-sm">
          <FolderOpen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-muted">Category</span>
            <span className="font-medium text-fg">{category}</span>
          </span>
        </Card>
        <Card className="flex flex-col gap-2 p-4">
          <SideHeading>Quick Actions</SideHeading>
          <Button variant="secondary" size="sm" className="justify-start" onClick={() => void copyCommand()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy Command
          </Button>
          <Button variant="secondary" size="sm" className="justify-start" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="size-4" />
            Share
          </Button>
        </Card>
        <AdSlot page="PostDetails" slot="ads2" variant="box" className="hidden lg:block" />
      </aside>

      <aside
        aria-label="About this command"
        className="flex min-w-0 flex-col gap-4 lg:col-start-3 lg:row-start-1"
      >
        <Card className="flex flex-col gap-1 p-4">
          <SideHeading>Post Statistics</SideHeading>
          <dl className="divide-y divide-line">
            {(
              [
                [Eye, 'Views', formatCount(post.viewCount)],
                [ThumbsUp, 'Upvotes', formatCount(post.uplikeCount)],
                [ThumbsDown, 'Downvotes', formatCount(post.downlikeCount)],
                [MessageSquare, 'Comments', formatCount(post.commentsCount)],
                [Bookmark, 'Saves', formatCount(post.savedCount)],
                [BarChart3, 'Upvote ratio', percentage === null ? NO_VOTES_YET : `${percentage}%`],
              ] as const
            ).map(([Icon, label, value]) => (
              <DetailRow
                key={label}
                icon={<Icon aria-hidden="true" className="size-4" />}
                label={label}
                valueClassName="font-mono tabular-nums"
              >
                {value}
              </DetailRow>
            ))}
          </dl>
        </Card>
        <Card className="flex flex-col gap-3 p-4">
          <SideHeading>About the Author</SideHeading>
          <div className="flex items-center gap-3">
            <Avatar name={author} src={post.author.avatar} size="lg" className="size-12 text-base" />
            <div className="flex min-w-0 flex-col">
              <Link
                to="/u/$username"
                params={{ username: author }}
                className="truncate font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
              >
                {author}
              </Link>
              <span className="text-xs text-muted">{badge}</span>
            </div>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <UserRound aria-hidden="true" className="size-3.5" />
            Member since {post.author.createdAt ? day(post.author.createdAt) : 'N/A'}
          </p>
        </Card>
        <AdSlot page="PostDetails" slot="ads4" variant="box" />
        <Card className="flex flex-col gap-3 p-4">
          <SideHeading>Related Commands</SideHeading>
          {related.length === 0 ? (
            <p className="text-sm text-muted">No other commands in {category} yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {related.map((item) => (
                <li key={item._id} className="flex flex-col gap-1">
                  <Link
                    to="/post/$slug"
                    params={{ slug: item.slug }}
                    className="text-sm font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
                  >
                    {item.title || 'Untitled Post'}
                  </Link>
                  <code className="truncate font-mono text-xs text-muted">{item.command}</code>
                  <span className="flex gap-3 text-xs text-muted">
                    <span className="inline-flex items-center gap-1">
                      <ThumbsUp aria-hidden="true" className="size-3" />
                      {item.uplikeCount}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <Eye aria-hidden="true" className="size-3" />
                      {formatCount(item.viewCount)}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </aside>
    </div>
  )
}

/**
 * The command detail page (docs/product-rules.md#post-display): loading, not found, or three columns. A slug
 * that is not the post's own is replaced in the URL; any other load failure toasts and goes back to Browse.
 */
export function PostDetailPage({ slug, renderComments, renderSaveActions }: PostDetailPageProps) {
  const detail = useQuery(postDetailQueryOptions(slug))
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const toast = useToast()
  const post = detail.data?.post
  useLiveTopic(post ? `post:${post._id}` : null, detail.data?.liveId)
  // `author.updated` (the author or a related post's author renamed, or a new avatar) comes on `posts`.
  useLiveTopic('posts')

  const notFound = detail.error instanceof ApiError && detail.error.status === 404
  const failed = detail.isError && !notFound && !detail.data

  useEffect(() => {
    if (!failed) return
    toast({
      title: 'Error',
      message: 'Failed to load post details. Please try again.',
      variant: 'destructive',
    })
    void navigate({ to: '/browse' })
  }, [failed, toast, navigate])

  const canonical = post?.slug
  useEffect(() => {
    if (!canonical || !detail.data || canonical === slug) return
    // Carry the loaded post over so the canonical URL does not fetch (and count a view) again.
    queryClient.setQueryData(postKeys.detail(canonical), detail.data)
    void navigate({ to: '/post/$slug', params: { slug: canonical }, replace: true })
  }, [canonical, slug, detail.data, queryClient, navigate])

  if (notFound) return <PostNotFound />
  if (!detail.data) return <PostDetailLoading />
  return (
    <PostBody detail={detail.data} renderComments={renderComments} renderSaveActions={renderSaveActions} />
  )
}
