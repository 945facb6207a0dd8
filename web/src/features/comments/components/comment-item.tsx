import type { Comment } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { formatRelativeTime } from '../../../lib/relative-time'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useLocalTimeTitle } from '../../../lib/use-local-time-title'
import { canEditComment } from '../edit'
import { CommentEditForm } from './comment-edit-form'
import { CommentText } from './comment-text'

export interface CommentItemProps {
  comment: Comment
  /** The author and moderators may delete; nobody else sees the button. */
  canDelete: boolean
  deleting: boolean
  onDelete: (commentId: string) => void
  /** Controls shown under the text (the thread's Reply button). */
  actions?: ReactNode
}

/** One comment: avatar, author, badge, when, and the text with its code drawn as code (never HTML). */
export function CommentItem({ comment, canDelete, deleting, onDelete, actions }: CommentItemProps) {
  // Deleting cannot be undone, so the trash button asks once more in place.
  const [confirming, setConfirming] = useState(false)
  const [editing, setEditing] = useState(false)
  const timeTitle = useLocalTimeTitle()
  const username = comment.author.username || 'Anonymous'
  // Only the author, and only for a while after posting (the server holds the same rule).
  const canEdit = canEditComment(comment, useCurrentUser().user?._id)
  return (
    // The id is the anchor notification links point at (`/post/<slug>#comment-<id>`).
    <article
      id={`comment-${comment._id}`}
      aria-label={`Comment by ${username}`}
      className="flex scroll-mt-24 gap-3 py-4"
    >
      <Link to="/u/$username" params={{ username }} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={username} src={comment.author.avatar} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 pt-1">
            <Link
              to="/u/$username"
              params={{ username }}
              className="text-sm font-semibold text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
            >
              {username}
            </Link>
            <span className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-[11px] font-medium text-muted">
              {comment.author.badge || 'Member'}
            </span>
            <time
              dateTime={comment.createdAt}
              title={timeTitle(comment.createdAt)}
              className="text-xs text-muted"
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
            {comment.editedAt ? (
              <span className="text-xs text-muted" title={timeTitle(comment.editedAt)}>
                (edited)
              </span>
            ) : null}
          </div>
          {canEdit && !editing && !confirming ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label={`Edit comment by ${username}`}
              className="-mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg"
            >
              <Pencil aria-hidden="true" className="size-4" />
            </button>
          ) : null}
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
        {editing ? (
          <CommentEditForm comment={comment} onDone={() => setEditing(false)} />
        ) : (
          <CommentText text={comment.content} />
        )}
        {actions ? <div className="mt-1">{actions}</div> : null}
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
