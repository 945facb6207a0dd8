import type { ProfileComment } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { formatDay } from '../../lib/format-day'

/**
 * One comment in a member's list of comments (their own profile and their public profile): the text,
 * then the post it is on, linked, and the day it was written.
 */
export function CommentOnPostRow({ comment }: { comment: ProfileComment }) {
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-line bg-surface-2/40 p-3">
      <p className="text-sm whitespace-pre-line break-words text-fg">{comment.content}</p>
      <span className="text-xs text-muted">
        on{' '}
        <Link
          to="/post/$slug"
          params={{ slug: comment.post.slug }}
          className="font-medium text-accent-text hover:underline hover:underline-offset-4"
        >
          {comment.post.title || 'Untitled Post'}
        </Link>{' '}
        · <time dateTime={comment.createdAt}>{formatDay(comment.createdAt)}</time>
      </span>
    </li>
  )
}
