import { type CountedNoun, nounFor } from '@bashboard/server/contract/plurals'
import { Eye, MessageSquare, ThumbsDown, ThumbsUp } from 'lucide-react'
import { formatCount } from '../../lib/format-count'

/** The four counters of a post as a compact row (profile lists); screen readers hear each one named. */
export function PostCounts({
  post,
}: {
  post: { uplikeCount: number; downlikeCount: number; commentsCount: number; viewCount: number }
}) {
  const items: { Icon: typeof Eye; value: number; noun: CountedNoun }[] = [
    { Icon: ThumbsUp, value: post.uplikeCount, noun: 'upvote' },
    { Icon: ThumbsDown, value: post.downlikeCount, noun: 'downvote' },
    { Icon: MessageSquare, value: post.commentsCount, noun: 'comment' },
    { Icon: Eye, value: post.viewCount, noun: 'view' },
  ]
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 font-mono text-xs text-muted">
      {items.map(({ Icon, value, noun }) => (
        <span key={noun} className="inline-flex items-center gap-1">
          <Icon aria-hidden="true" className="size-3.5" />
          {formatCount(value)}
          <span className="sr-only"> {nounFor(value, noun)}</span>
        </span>
      ))}
    </span>
  )
}
