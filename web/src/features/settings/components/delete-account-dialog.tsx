import type { DeletedContentChoice, SecondFactorMethod } from '@bashboard/server/contract'
import { ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { CurrentPasswordInput } from '../../../components/ui/password-input'
import { type FieldMessages, type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useDeleteAccount } from '../account-api'
import { linkedIdentitiesQueryOptions } from '../identity-api'
import { secondFactorQueryOptions } from '../second-factor-api'
import { CODE_FIELD_MESSAGES, codeProblem, SecondFactorCodeField } from './second-factor-code-field'

type Field = 'password' | 'code' | 'content'

/** The server's refusals each field of the form can be given (docs/product-rules.md#leaving). */
const FIELD_MESSAGES: FieldMessages<Field> = {
  password: [ACCOUNT_MESSAGES.currentPasswordIncorrect],
  code: CODE_FIELD_MESSAGES,
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
 * comments, and asks for the password, or, for a member with two-factor authentication, a code from
 * the authenticator app (or a recovery code) instead: someone who signed in with a passkey or a
 * provider may not remember a password. An account made through a provider with neither is sent to
 * Security to set one first. A refusal shows under the password (a wrong one) or above the
 * buttons (the last moderator, too many tries, a lost connection), and the dialog stays open with what
 * was typed: a toast would cover it and outlive the fix.
 */
export function DeleteAccountDialog({ username, onClose, onDeleted }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount()
  // Unknown (loading, or failed to load) counts as off: the password always works.
  const hasSecondFactor = useQuery(secondFactorQueryOptions()).data?.enabled === true
  // Only an account made through GitHub or Google has none; unknown counts as having one.
  const hasPassword = useQuery(linkedIdentitiesQueryOptions()).data?.hasPassword !== false
  const [withCode, setWithCode] = useState(false)
  const [password, setPassword] = useState('')
  const [method, setMethod] = useState<SecondFactorMethod>('totp')
  const [code, setCode] = useState('')
  const [content, setContent] = useState<DeletedContentChoice>('keep')
  const [problem, setProblem] = useState<FormFailure<Field> | null>(null)
  const ids = { choices: useId(), consequences: useId() }
  const codeRef = useRef<HTMLInputElement>(null)
  const usingCode = (withCode || !hasPassword) && hasSecondFactor
  const canConfirm = hasPassword || hasSecondFactor

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const missing = usingCode
      ? codeProblem(method, code)
      : password === ''
        ? DELETE_ACCOUNT_MESSAGES.passwordRequired
        : null
    if (missing) {
      setProblem({ field: usingCode ? 'code' : 'password', message: missing })
      return
    }
    remove.mutate(usingCode ? { code: code.trim(), method, content } : { password, content }, {
      onSuccess: () => onDeleted(),
      onError: (failure) => {
        const shown = formFailureOf(failure, FIELD_MESSAGES) ?? { field: null, message: failure.message }
        setProblem(shown)
        // A code works once: a refused one is cleared for the next.
        if (shown.field === 'code') {
          setCode('')
          codeRef.current?.focus()
        }
      },
    })
  }

  function switchConfirmation(next: boolean): void {
    setWithCode(next)
    setProblem(null)
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
        {!canConfirm ? (
          <p className="rounded-md border border-line bg-surface-2 p-3 text-sm text-muted">
            Your account has no password yet, so nothing can confirm it is you. Set a password, or turn on
            two-factor authentication, under{' '}
            <a
              href="/settings?tab=security"
              className="font-medium text-accent-text underline-offset-4 hover:underline"
            >
              Security
            </a>
            , then come back.
          </p>
        ) : usingCode ? (
          <SecondFactorCodeField
            method={method}
            onMethodChange={(next) => {
              setMethod(next)
              setCode('')
              setProblem(null)
            }}
            value={code}
            onChange={(next) => {
              setCode(next)
              setProblem((current) => (current?.field === 'code' || current?.field === null ? null : current))
            }}
            error={problem?.field === 'code' ? problem.message : undefined}
            inputRef={codeRef}
          />
        ) : (
          <CurrentPasswordInput
            label="Password"
            hint="Your current password confirms it is you."
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value)
              setProblem((current) =>
                current?.field === 'password' || current?.field === null ? null : current,
              )
            }}
            error={problem?.field === 'password' ? problem.message : undefined}
          />
        )}
        {hasSecondFactor && hasPassword ? (
          <button
            type="button"
            onClick={() => switchConfirmation(!usingCode)}
            className="self-start rounded-sm text-sm font-medium text-accent-text underline-offset-4 hover:underline"
          >
            {usingCode ? 'Use your password instead' : 'Use your authenticator code instead'}
          </button>
        ) : null}
        {problem && problem.field !== 'password' && problem.field !== 'code' ? (
          <FormError>{problem.message}</FormError>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          {canConfirm ? (
            <Button type="submit" variant="danger" loading={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  )
}
