import type { PostCard as PostCardData } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import { ArrowRight, Calendar, Eye, MessageSquare } from 'lucide-react'
import { Avatar } from '../../../components/ui/avatar'
import { Card } from '../../../components/ui/card'
import { CodeBlock } from '../../../components/ui/code-block'
import { SafeHtml } from '../../../components/ui/safe-html'
import { cn } from '../../../lib/cn'
import { useFlashOnChange } from '../../../lib/use-flash'
import { useLocalDay } from '../../../lib/use-local-day'
import type { VoteState } from '../cache'
import { cardTags, formatCount, writtenPlaceholders } from '../format'
import { DangerWarning } from './danger-warning'
import { SaveButton } from './save-button'
import { VoteButtons } from './vote-buttons'

export interface PostCardProps {
  post: PostCardData
  vote: VoteState
  /** Grid cards are narrower: the description is clamped harder. */
  layout?: 'list' | 'grid'
  className?: string
}

/** A tag chip in the monospace face, like a program name. */
export function TagChip({ tag }: { tag: string }) {
  return (
    <span className="inline-flex items-center rounded-md border border-line bg-surface-2 px-2 py-0.5 font-mono text-xs text-muted">
      #{tag}
    </span>
  )
}

/**
 * One command on Home and Browse (docs/product-rules.md#post-display): title, first 2 tags, author, date,
 * views, description, the command with its copy button, a danger notice, votes and a View Details link.
 */
export function PostCard({ post, vote, layout = 'list', className }: PostCardProps) {
  const day = useLocalDay()
  const title = post.title || 'Untitled Post'
  const author = post.author.username || 'Anonymous'
  const titleId = `post-${post._id}-title`
  const viewsFlash = useFlashOnChange(post.viewCount)
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-post-id={post._id}
      className={cn('flex min-w-0 flex-col gap-4 p-4 sm:p-5', className)}
    >
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text">
            {post.category?.name ?? 'General'}
          </span>
          {cardTags(post.tags).map((tag) => (
            <TagChip key={tag} tag={tag} />
          ))}
        </div>
        <h3 id={titleId} className="text-lg leading-snug font-semibold tracking-tight text-fg">
          <Link
            to="/post/$slug"
            params={{ slug: post.slug }}
            className="rounded-sm hover:text-accent-text hover:underline hover:underline-offset-4"
          >
            {title}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <Link
            to="/u/$username"
            params={{ username: author }}
            className="group inline-flex items-center gap-1.5 rounded-sm"
          >
            <Avatar name={author} src={post.author.avatar} size="sm" className="size-5 text-[9px]" />
            <span className="font-medium text-fg group-hover:text-accent-text group-hover:underline group-hover:underline-offset-4">
              {author}
            </span>
          </Link>
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-3.5" />
            <time dateTime={post.createdAt}>{day(post.createdAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-3.5" />
            <span data-testid="view-count" className={cn('rounded px-0.5', viewsFlash && 'animate-flash')}>
              {formatCount(post.viewCount)}
            </span>
            <span className="sr-only"> {nounFor(post.viewCount, 'view')}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {formatCount(post.commentsCount)}
            <span className="sr-only"> {nounFor(post.commentsCount, 'comment')}</span>
          </span>
        </div>
      </div>

      {post.description ? (
        // A card previews the description: a few lines fading out; the detail page shows all of it.
        <div
          className={cn(
            'overflow-hidden [mask-image:linear-gradient(to_bottom,black_55%,transparent)]',
            layout === 'grid' ? 'max-h-16' : 'max-h-24',
          )}
        >
          <SafeHtml html={post.description} className="text-muted [&_h1]:text-base [&_h2]:text-base" />
        </div>
      ) : (
        <p className="text-sm text-muted">No description available</p>
      )}

      <div className="flex flex-col gap-2">
        <CodeBlock command={post.command} unfilled={writtenPlaceholders(post.command, post.placeholders)} />
        <DangerWarning safety={post.safety} />
      </div>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <VoteButtons
            postId={post._id}
            uplikeCount={post.uplikeCount}
            downlikeCount={post.downlikeCount}
            vote={vote}
            authorId={post.author._id}
          />
          <SaveButton postId={post._id} savedCount={post.savedCount} saved={post.isSaved} />
        </div>
        <Link
          to="/post/$slug"
          params={{ slug: post.slug }}
          aria-label={`View Details: ${title}`}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-accent-text hover:underline hover:underline-offset-4"
        >
          View Details
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Card>
  )
}
