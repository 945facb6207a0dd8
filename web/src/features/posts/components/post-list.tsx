import type { PostCard as PostCardData, ReactedPosts } from '@bashboard/server/contract'
import { memo } from 'react'
import { cn } from '../../../lib/cn'
import { useRenderInSlices } from '../../../lib/use-render-in-slices'
import { PostTopic } from '../../../live/live-provider'
import { type VoteState, voteFromReacted } from '../cache'
import { PostCard } from './post-card'

/**
 * One card of a list, kept live. Memoised: a list growing slice by slice (or one post's counters
 * changing) renders only the cards whose post or vote changed, not every card above them.
 */
const PostListItem = memo(function PostListItem({
  post,
  vote,
  layout,
}: {
  post: PostCardData
  vote: VoteState
  layout: 'list' | 'grid'
}) {
  return (
    <li className="laid-out-when-near flex min-w-0">
      <PostTopic postId={post._id} />
      <PostCard post={post} layout={layout} className="w-full" vote={vote} />
    </li>
  )
})

export interface PostListProps {
  posts: readonly PostCardData[]
  /** The caller's votes among these posts; null for guests, or to hide the marks (search mode). */
  reacted: ReactedPosts | null
  layout?: 'list' | 'grid'
  label: string
  /** Dimmed and marked busy while the next page loads over this one. */
  busy?: boolean
  className?: string
}

/** Post cards in a list or a two-column grid, each kept live; a long list is rendered in slices. */
export function PostList({ posts, reacted, layout = 'list', label, busy, className }: PostListProps) {
  const shown = useRenderInSlices(posts.length)
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        'grid gap-4 transition-opacity',
        layout === 'grid' && 'md:grid-cols-2',
        busy && 'opacity-60',
        className,
      )}
    >
      {posts.slice(0, shown).map((post) => (
        <PostListItem key={post._id} post={post} layout={layout} vote={voteFromReacted(reacted, post._id)} />
      ))}
    </ul>
  )
}
