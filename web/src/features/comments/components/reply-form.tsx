import { COMMENT_MAX_LENGTH } from '@bashboard/server/contract/limits'
import { MessageSquareReply } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FieldError } from '../../../components/ui/form-error'
import { useToast } from '../../../components/ui/toast'
import { useAddCommentMutation } from '../api'
import { useCommentRefusal } from '../use-comment-refusal'
import { CommentEditor } from './comment-editor'

export interface ReplyFormProps {
  postId: string
  /** The top-level comment answered. */
  parentId: string
  /** Whose comment is answered, for the field's label. */
  parentAuthor: string
  /** Closes the form (after a reply was posted, or on Cancel / Escape). */
  onClose: (posted: boolean) => void
}

/**
 * The inline form under a comment for answering it. Takes focus when it opens; Escape or Cancel
 * closes it (the thread then gives focus back to its Reply button). The reply joins the thread as soon
 * as the server has it.
 */
export function ReplyForm({ postId, parentId, parentAuthor, onClose }: ReplyFormProps) {
  const toast = useToast()
  const fieldId = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [content, setContent] = useState('')
  const addReply = useAddCommentMutation(postId)
  const refusal = useCommentRefusal({ title: 'Error', message: 'Failed to add reply.' })
  const trimmed = content.trim()
  const sending = addReply.isPending

  useEffect(() => {
    field.current?.focus()
  }, [])

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (trimmed === '' || sending) return
    addReply.mutate(
      { content: trimmed, parentId },
      {
        onSuccess: () => {
          setContent('')
          toast({ title: 'Reply added!', variant: 'success' })
          onClose(true)
        },
        onError: refusal.refuse,
      },
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>): void {
    if (event.key === 'Escape' && !sending) {
      event.stopPropagation()
      onClose(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-label={`Reply to ${parentAuthor}`}
      className="mt-3 flex flex-col gap-2 rounded-md border border-line bg-surface-2/50 p-3"
    >
      <label htmlFor={fieldId} className="text-xs font-medium text-muted">
        Reply to {parentAuthor}
      </label>
      <CommentEditor
        id={fieldId}
        ref={field}
        value={content}
        submitVerb="reply"
        onValueChange={(text) => {
          setContent(text)
          refusal.clear()
        }}
        {...refusal.fieldProps}
        placeholder="Write a reply… mention someone with @username"
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        disabled={sending}
        className="min-h-16 w-full resize-y rounded-md border border-line bg-surface-2 px-3 py-2 text-sm text-fg placeholder:text-muted/80 transition-colors hover:border-line-strong focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40 focus-visible:outline-none disabled:opacity-70"
      />
      {refusal.refusal ? <FieldError id={refusal.errorId}>{refusal.refusal}</FieldError> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="ghost" size="sm" disabled={sending} onClick={() => onClose(false)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={trimmed === '' || sending} aria-busy={sending || undefined}>
          <MessageSquareReply aria-hidden="true" className="size-4" />
          {sending ? 'Posting...' : 'Post Reply'}
        </Button>
      </div>
    </form>
  )
}
