import { useCallback, useId, useState } from 'react'
import { useToast } from '../../components/ui/toast'
import { ApiError } from '../../lib/api-client'
import { formFailureOf } from '../../lib/form-failure'

/**
 * A comment form's refused submit. A comment has one field, so whatever the server refuses (empty, too
 * long, the edit window passed) is shown under it, linked to it, and cleared as it is edited; only a
 * lost connection or a crash is a toast, with `fallback`'s words.
 */
export function useCommentRefusal(fallback: { title: string; message: string }) {
  const toast = useToast()
  const errorId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const { title, message } = fallback
  const refuse = useCallback(
    (error: unknown) => {
      const shown = formFailureOf(error, { content: [] })
      if (shown) setRefusal(shown.message)
      else {
        const offline = error instanceof ApiError && error.isNetworkError
        toast({ title, message: offline ? error.message : message, variant: 'destructive' })
      }
    },
    [toast, title, message],
  )
  const clear = useCallback(() => setRefusal(null), [])
  /** What the textarea takes: marked invalid and described by the error line while there is one. */
  const fieldProps = refusal ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
  return { refusal, errorId, refuse, clear, fieldProps }
}
