import type { Comment } from '@bashboard/server/contract'
import { COMMENT_MAX_LENGTH } from '@bashboard/server/contract/limits'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FieldError } from '../../../components/ui/form-error'
import { useToast } from '../../../components/ui/toast'
import { useEditCommentMutation } from '../edit'
import { useCommentRefusal } from '../use-comment-refusal'
import { CommentEditor } from './comment-editor'

export interface CommentEditFormProps {
  comment: Comment
  /** Called after a save (the list already shows the new text) or on Cancel / Escape. */
  onDone: () => void
}

/** Edits a comment in place: the text in a field, Save and Cancel; Escape cancels. */
export function CommentEditForm({ comment, onDone }: CommentEditFormProps) {
  const toast = useToast()
  const fieldId = useId()
  const fieldRef = useRef<HTMLTextAreaElement>(null)
  const [content, setContent] = useState(comment.content)
  const edit = useEditCommentMutation(comment.postId)
  const refusal = useCommentRefusal({ title: 'Could not edit the comment', message: 'Please try again.' })
  const trimmed = content.trim()

  useEffect(() => {
    const field = fieldRef.current
    field?.focus()
    field?.setSelectionRange(field.value.length, field.value.length)
  }, [])

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (trimmed === '' || edit.isPending) return
    // Unchanged text: nothing to save, and no "edited" mark for it.
    if (trimmed === comment.content) {
      onDone()
      return
    }
    edit.mutate(
      { commentId: comment._id, content: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Comment updated', variant: 'success' })
          onDone()
        },
        // The server says why (the edit window passed, the comment is gone), under the field.
        onError: refusal.refuse,
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !edit.isPending) {
          event.stopPropagation()
          onDone()
        }
      }}
      className="mt-2 flex flex-col gap-2"
    >
      <label htmlFor={fieldId} className="sr-only">
        Edit your comment
      </label>
      <CommentEditor
        ref={fieldRef}
        id={fieldId}
        value={content}
        submitVerb="save"
        onValueChange={(text) => {
          setContent(text)
          refusal.clear()
        }}
        {...refusal.fieldProps}
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        disabled={edit.isPending}
        className="min-h-20 w-full resize-y rounded-md border border-line bg-surface-2 px-3 py-2 text-sm text-fg transition-colors hover:border-line-strong focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40 focus-visible:outline-none disabled:opacity-70"
      />
      {refusal.refusal ? <FieldError id={refusal.errorId}>{refusal.refusal}</FieldError> : null}
      <div className="flex flex-wrap items-center gap-2">
        {/* Not plain "Save": the post's bookmark button is called that. */}
        <Button type="submit" size="sm" loading={edit.isPending} disabled={trimmed === ''}>
          Save edit
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={edit.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
