import type { Comment, DeletedComment } from '@bashboard/server/contract'
import { MessageSquareReply } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { cn } from '../../../lib/cn'
import { isDeletedComment, type CommentThread as Thread } from '../threads'
import { CommentItem } from './comment-item'
import { ReplyForm } from './reply-form'

export interface CommentThreadProps {
  postId: string
  thread: Thread
  /** Signed-in members may reply; guests see no Reply button. */
  canReply: boolean
  canDelete: (authorId: string) => boolean
  /** The comment being deleted, if any. */
  deletingId: string | undefined
  onDelete: (commentId: string) => void
}

/** What is left of a deleted comment that still has replies: its place in the thread, muted. */
function DeletedCommentItem({ comment }: { comment: DeletedComment }) {
  return (
    <article
      id={`comment-${comment._id}`}
      aria-label="Deleted comment"
      className="flex scroll-mt-24 items-center gap-3 py-4"
    >
      <span
        aria-hidden="true"
        className="size-9 shrink-0 rounded-full border border-dashed border-line-strong"
      />
      <p className="font-mono text-sm text-muted italic">[comment deleted]</p>
    </article>
  )
}

/**
 * A top-level comment (or its "comment deleted" placeholder) with its replies indented under it, one
 * level deep. Reply opens an inline form below the replies; closing it gives focus back to Reply.
 */
export function CommentThread({
  postId,
  thread,
  canReply,
  canDelete,
  deletingId,
  onDelete,
}: CommentThreadProps) {
  const [replying, setReplying] = useState(false)
  const replyButton = useRef<HTMLButtonElement>(null)
  const formId = useId()
  const { comment, replies } = thread
  const deleted = isDeletedComment(comment)

  function itemFor(item: Comment, actions?: ReactNode) {
    return (
      <CommentItem
        comment={item}
        canDelete={canDelete(item.author._id)}
        deleting={deletingId === item._id}
        onDelete={onDelete}
        actions={actions}
      />
    )
  }

  const author = deleted ? '' : comment.author.username || 'Anonymous'
  const replyAction =
    !deleted && canReply ? (
      <button
        ref={replyButton}
        type="button"
        aria-expanded={replying}
        aria-controls={replying ? formId : undefined}
        aria-label={`Reply to ${author}`}
        onClick={() => setReplying((open) => !open)}
        className={cn(
          buttonClasses('ghost', 'sm'),
          '-ml-2 h-7 px-2 text-xs focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none',
        )}
      >
        <MessageSquareReply aria-hidden="true" className="size-3.5" />
        Reply
      </button>
    ) : null

  return (
    <>
      {deleted ? <DeletedCommentItem comment={comment} /> : itemFor(comment, replyAction)}
      {replies.length > 0 || replying ? (
        <div className="mb-4 ml-4 border-l-2 border-line pl-3 sm:ml-12 sm:pl-4">
          {replies.length > 0 ? (
            <ol
              aria-label={deleted ? 'Replies to a deleted comment' : `Replies to ${author}`}
              className="flex flex-col divide-y divide-line"
            >
              {replies.map((reply) => (
                <li key={reply._id}>{itemFor(reply)}</li>
              ))}
            </ol>
          ) : null}
          {replying && !deleted ? (
            <div id={formId}>
              <ReplyForm
                postId={postId}
                parentId={comment._id}
                parentAuthor={author}
                onClose={() => {
                  setReplying(false)
                  replyButton.current?.focus()
                }}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
