import type { DeletedContentChoice } from '@bashboard/server/contract'
import { ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { PasswordInput } from '../../../components/ui/password-input'
import { type FieldMessages, type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useDeleteAccount } from '../account-api'

type Field = 'password' | 'content'

/** The server's refusals each field of the form can be given (docs/product-rules.md#leaving). */
const FIELD_MESSAGES: FieldMessages<Field> = {
  password: [ACCOUNT_MESSAGES.currentPasswordIncorrect],
  content: [],
}

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm.',
} as const

const CHOICES: ReadonlyArray<{ value: DeletedContentChoice; label: string; hint: string }> = [
  {
    value: 'keep',
    label: 'Keep my commands and comments',
    hint: 'They stay where they are, shown as by “deleted member”, so threads and links keep working.',
  },
  {
    value: 'remove',
    label: 'Remove my commands and comments',
    hint: 'Your commands go with their votes and comments. A comment someone replied to stays as “comment deleted”, so their reply keeps its thread.',
  },
]

export interface DeleteAccountDialogProps {
  username: string
  onClose: () => void
  /** Called once the server has deleted the account (the caller signs the tab out). */
  onDeleted: () => void
}

/**
 * Confirms an account deletion: says what goes, asks what becomes of the member's commands and
 * comments, and asks for the password. A refusal shows under the password (a wrong one) or above the
 * buttons (the last moderator, too many tries, a lost connection), and the dialog stays open with what
 * was typed: a toast would cover it and outlive the fix.
 */
export function DeleteAccountDialog({ username, onClose, onDeleted }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [content, setContent] = useState<DeletedContentChoice>('keep')
  const [problem, setProblem] = useState<FormFailure<Field> | null>(null)
  const ids = { choices: useId(), consequences: useId() }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (password === '') {
      setProblem({ field: 'password', message: DELETE_ACCOUNT_MESSAGES.passwordRequired })
      return
    }
    remove.mutate(
      { password, content },
      {
        onSuccess: () => onDeleted(),
        onError: (failure) =>
          setProblem(formFailureOf(failure, FIELD_MESSAGES) ?? { field: null, message: failure.message }),
      },
    )
  }

  return (
    <Dialog
      title="Delete your account?"
      description={
        <>
          This deletes <span className="font-medium break-words text-fg">{username}</span> for good. It cannot
          be undone.
        </>
      }
      busy={remove.isPending}
      onClose={onClose}
      className="max-w-lg"
    >
      <form noValidate onSubmit={onSubmit} aria-label="Delete account" className="flex flex-col gap-4">
        <ul id={ids.consequences} className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
          <li>You are signed out everywhere, and your access tokens stop working.</li>
          <li>Your votes are withdrawn: scores and the authors’ points are counted again without them.</li>
          <li>Your saved commands, collections, notifications and avatar are deleted.</li>
        </ul>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">Your commands and comments</legend>
          {CHOICES.map((choice) => {
            const id = `${ids.choices}-${choice.value}`
            return (
              <div
                key={choice.value}
                className="flex items-start gap-2.5 rounded-md border border-line bg-surface-2 p-3 has-checked:border-accent"
              >
                <input
                  id={id}
                  type="radio"
                  name="content"
                  value={choice.value}
                  checked={content === choice.value}
                  onChange={() => {
                    setContent(choice.value)
                    setProblem((current) => (current?.field === 'content' ? null : current))
                  }}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer accent-(--bb-accent)"
                />
                <div className="flex flex-col gap-0.5">
                  <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
                    {choice.label}
                  </label>
                  <p id={`${id}-hint`} className="text-xs text-muted">
                    {choice.hint}
                  </p>
                </div>
              </div>
            )
          })}
        </fieldset>
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          hint="Your current password confirms it is you."
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value)
            setProblem((current) =>
              current?.field === 'password' || current?.field === null ? null : current,
            )
          }}
          error={problem?.field === 'password' ? problem.message : undefined}
        />
        {problem && problem.field !== 'password' ? <FormError>{problem.message}</FormError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
