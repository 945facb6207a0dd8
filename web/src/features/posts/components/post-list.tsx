import type { PostCard as PostCardData, ReactedPosts } from '@bashboard/server/contract'
import { cn } from '../../../lib/cn'
import { useLiveTopic } from '../../../live/live-provider'
import { voteFromReacted } from '../cache'
import { PostCard } from './post-card'

/** Subscribes to one shown post's topic, so its votes and views change in place. */
export function PostTopic({ postId }: { postId: string }) {
  useLiveTopic(`post:${postId}`)
  return null
}

export interface PostListProps {
  posts: readonly PostCardData[]
  /** The caller's votes among these posts; null for guests, or to hide the marks (search mode). */
  reacted: ReactedPosts | null
  layout?: 'list' | 'grid'
  label: string
  className?: string
}

/** Post cards in a list or a two-column grid, each kept live. */
export function PostList({ posts, reacted, layout = 'list', label, className }: PostListProps) {
  return (
    <ul aria-label={label} className={cn('grid gap-4', layout === 'grid' && 'md:grid-cols-2', className)}>
      {posts.map((post) => (
        <li key={post._id} className="flex min-w-0">
          <PostTopic postId={post._id} />
          <PostCard
            post={post}
            layout={layout}
            className="w-full"
            vote={voteFromReacted(reacted, post._id)}
          />
        </li>
      ))}
    </ul>
  )
}
