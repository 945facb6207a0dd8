import type { EndedSessions, WebSession } from '@bashboard/server/contract'
import { useState } from 'react'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormError } from '../../../components/ui/form-error'
import { useEndOtherSessions, useEndSession } from '../sessions-api'

/** The failure under a dialog's text, so the member sees why and can try again or cancel. */
function Problem({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className="mt-3">
      <FormError>{message}</FormError>
    </div>
  )
}

/** Signing one other browser out, after a confirmation; a failure keeps the dialog open and says why. */
export function EndSessionDialog({
  session,
  onClose,
  onEnded,
}: {
  session: WebSession
  onClose: () => void
  onEnded: () => void
}) {
  const end = useEndSession()
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <ConfirmDialog
      title={`Sign out ${session.device}?`}
      description={
        <>
          That browser will have to sign in again to use your account.
          <Problem message={problem} />
        </>
      }
      confirmLabel="Sign out"
      busy={end.isPending}
      onConfirm={() =>
        end.mutate(session.id, { onSuccess: onEnded, onError: (error) => setProblem(error.message) })
      }
      onClose={onClose}
    />
  )
}

/** Signing out every other browser and password login, after a confirmation that says what stays. */
export function EndOtherSessionsDialog({
  onClose,
  onEnded,
}: {
  onClose: () => void
  onEnded: (answer: EndedSessions) => void
}) {
  const endOthers = useEndOtherSessions()
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <ConfirmDialog
      title="Sign out everywhere else?"
      description={
        <>
          Every other browser signed in to your account is signed out, and so are the CLI logins made with a
          password. This browser stays signed in, and personal access tokens keep working.
          <Problem message={problem} />
        </>
      }
      confirmLabel="Sign out everywhere else"
      busy={endOthers.isPending}
      onConfirm={() =>
        endOthers.mutate(undefined, { onSuccess: onEnded, onError: (error) => setProblem(error.message) })
      }
      onClose={onClose}
    />
  )
}
