import { Eye, MessageSquare, ThumbsDown, ThumbsUp } from 'lucide-react'
import { formatCount } from '../../lib/format-count'

/** The four counters of a post as a compact row (profile lists); screen readers hear each one named. */
export function PostCounts({
  post,
}: {
  post: { uplikeCount: number; downlikeCount: number; commentsCount: number; viewCount: number }
}) {
  const items = [
    { Icon: ThumbsUp, value: post.uplikeCount, label: 'upvotes' },
    { Icon: ThumbsDown, value: post.downlikeCount, label: 'downvotes' },
    { Icon: MessageSquare, value: post.commentsCount, label: 'comments' },
    { Icon: Eye, value: post.viewCount, label: 'views' },
  ]
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 font-mono text-xs text-muted">
      {items.map(({ Icon, value, label }) => (
        <span key={label} className="inline-flex items-center gap-1">
          <Icon aria-hidden="true" className="size-3.5" />
          {formatCount(value)}
          <span className="sr-only"> {label}</span>
        </span>
      ))}
    </span>
  )
}
