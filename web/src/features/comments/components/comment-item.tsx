import type { Comment } from '@bashboard/server/contract'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { formatRelativeTime } from '../relative-time'

export interface CommentItemProps {
  comment: Comment
  /** The author and moderators may delete; nobody else sees the button. */
  canDelete: boolean
  deleting: boolean
  onDelete: (commentId: string) => void
}

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

function absoluteDate(iso: string): string | undefined {
  const time = Date.parse(iso)
  return Number.isNaN(time) ? undefined : fullDate.format(time)
}

/** One comment: avatar, author, badge, when, and the text exactly as written (never HTML). */
export function CommentItem({ comment, canDelete, deleting, onDelete }: CommentItemProps) {
  // Deleting cannot be undone, so the trash button asks once more in place.
  const [confirming, setConfirming] = useState(false)
  const username = comment.author.username || 'Anonymous'
  return (
    <article aria-label={`Comment by ${username}`} className="flex gap-3 py-4">
      <Avatar name={username} src={comment.author.avatar} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 pt-1">
            <span className="text-sm font-semibold text-fg">{username}</span>
            <span className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-muted">
              {comment.author.badge || 'Member'}
            </span>
            <time
              dateTime={comment.createdAt}
              title={absoluteDate(comment.createdAt)}
              className="text-xs text-muted"
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
          </div>
          {canDelete && !confirming ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              disabled={deleting}
              aria-label={`Delete comment by ${username}`}
              className="-mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-danger-soft hover:text-danger disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
        <p className="mt-1.5 text-sm leading-6 break-words whitespace-pre-wrap text-fg/90">
          {comment.content}
        </p>
        {canDelete && confirming ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-xs text-muted">Delete this comment?</span>
            <Button variant="danger" size="sm" loading={deleting} onClick={() => onDelete(comment._id)}>
              Delete
            </Button>
            <Button variant="ghost" size="sm" disabled={deleting} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  )
}
