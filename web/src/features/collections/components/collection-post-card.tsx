import type { PostCard } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Card } from '../../../components/ui/card'
import { CodeBlock } from '../../../components/ui/code-block'
import { cn } from '../../../lib/cn'

export interface CollectionPostCardProps {
  post: PostCard
  /** Its place in the list (1-based), shown as a line number; omitted in lists with no order. */
  position?: number
  /** The bookmark (the posts feature's Save toggle), composed by the route. */
  save?: ReactNode
  /** The owner's controls (move, remove); absent for visitors. */
  controls?: ReactNode
  className?: string
}

/**
 * A kept command in a compact card: title, category, author, a short description, the command with its
 * copy button, and the bookmark. A collection reads as a list to run from, not a feed.
 */
export function CollectionPostCard({ post, position, save, controls, className }: CollectionPostCardProps) {
  const title = post.title || 'Untitled Post'
  const titleId = `kept-${post._id}-title`
  const author = post.author.username || 'Anonymous'
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-post-id={post._id}
      className={cn('flex min-w-0 flex-col gap-3 p-4', className)}
    >
      <div className="flex items-start gap-3">
        {position !== undefined ? (
          <span
            aria-hidden="true"
            className="mt-0.5 w-7 shrink-0 text-right font-mono text-sm text-muted tabular-nums"
          >
            {String(position).padStart(2, '0')}
          </span>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h3 id={titleId} className="text-base leading-snug font-semibold tracking-tight text-fg">
            <Link
              to="/post/$slug"
              params={{ slug: post.slug }}
              className="rounded-sm break-words hover:text-accent-text hover:underline hover:underline-offset-4"
            >
              {title}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <span className="rounded-md bg-accent-soft px-2 py-0.5 font-medium text-accent-text">
              {post.category?.name ?? 'General'}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Avatar name={author} src={post.author.avatar} size="sm" className="size-5 text-[9px]" />
              <span className="font-medium text-fg">{author}</span>
            </span>
            {post.safety.dangerous ? (
              <span className="inline-flex items-center gap-1 font-medium text-warning">
                <TriangleAlert aria-hidden="true" className="size-3.5" />
                Dangerous command
              </span>
            ) : null}
          </div>
          {post.excerpt ? <p className="line-clamp-2 text-sm text-muted">{post.excerpt}</p> : null}
        </div>
      </div>
      <CodeBlock command={post.command} />
      {save || controls ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">{save}</div>
          {controls ? <div className="flex flex-wrap items-center gap-1.5">{controls}</div> : null}
        </div>
      ) : null}
    </Card>
  )
}
