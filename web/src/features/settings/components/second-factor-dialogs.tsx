import type {
  RecoveryCodesResponse,
  SecondFactorMethod,
  SecondFactorStatus,
} from '@bashboard/server/contract'
import { ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { CurrentPasswordInput } from '../../../components/ui/password-input'
import { type FieldMessages, type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useDisableTotp, useRegenerateRecoveryCodes } from '../second-factor-api'
import { CODE_FIELD_MESSAGES, codeProblem, SecondFactorCodeField } from './second-factor-code-field'

type Field = 'password' | 'code'

const FIELD_MESSAGES: FieldMessages<Field> = {
  password: [ACCOUNT_MESSAGES.currentPasswordIncorrect],
  code: CODE_FIELD_MESSAGES,
}

const PASSWORD_REQUIRED = 'Please enter your password to confirm.'

/** The code part of both dialogs: its method, value and the error under it. */
function useProof() {
  const [method, setMethod] = useState<SecondFactorMethod>('totp')
  const [code, setCode] = useState('')
  return { method, setMethod, code, setCode }
}

export interface TurnOffTwoFactorDialogProps {
  onClose: () => void
  onTurnedOff: (status: SecondFactorStatus) => void
}

/**
 * Turning two-factor authentication off, confirmed with the password and a current code (or a recovery
 * code). A refusal shows under its field, or above the buttons (too many tries, a lost connection).
 */
export function TurnOffTwoFactorDialog({ onClose, onTurnedOff }: TurnOffTwoFactorDialogProps) {
  const disable = useDisableTotp()
  const proof = useProof()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<FormFailure<Field> | null>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (password === '') {
      setProblem({ field: 'password', message: PASSWORD_REQUIRED })
      passwordRef.current?.focus()
      return
    }
    const missing = codeProblem(proof.method, proof.code)
    if (missing) {
      setProblem({ field: 'code', message: missing })
      codeRef.current?.focus()
      return
    }
    disable.mutate(
      { password, method: proof.method, code: proof.code.trim() },
      {
        onSuccess: onTurnedOff,
        onError: (failure) => {
          const shown = formFailureOf(failure, FIELD_MESSAGES) ?? { field: null, message: failure.message }
          setProblem(shown)
          if (shown.field === 'password') passwordRef.current?.focus()
          if (shown.field === 'code') {
            proof.setCode('')
            codeRef.current?.focus()
          }
        },
      },
    )
  }

  return (
    <Dialog
      title="Turn off two-factor authentication?"
      description="Signing in will ask for your password only. Your recovery codes stop working."
      busy={disable.isPending}
      onClose={onClose}
      initialFocus={passwordRef}
      className="max-w-md"
    >
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Turn off two-factor authentication"
        className="flex flex-col gap-4"
      >
        <CurrentPasswordInput
          ref={passwordRef}
          label="Password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value)
            setProblem((current) => (current?.field === 'code' ? current : null))
          }}
          error={problem?.field === 'password' ? problem.message : undefined}
        />
        <SecondFactorCodeField
          inputRef={codeRef}
          method={proof.method}
          onMethodChange={(method) => {
            proof.setMethod(method)
            proof.setCode('')
            setProblem((current) => (current?.field === 'password' ? current : null))
          }}
          value={proof.code}
          onChange={(value) => {
            proof.setCode(value)
            setProblem((current) => (current?.field === 'password' ? current : null))
          }}
          error={problem?.field === 'code' ? problem.message : undefined}
        />
        {problem && problem.field === null ? <FormError>{problem.message}</FormError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

export interface NewRecoveryCodesDialogProps {
  onClose: () => void
  onMade: (answer: RecoveryCodesResponse) => void
}

/** New recovery codes, confirmed with a current code (or one of the old recovery codes). */
export function NewRecoveryCodesDialog({ onClose, onMade }: NewRecoveryCodesDialogProps) {
  const regenerate = useRegenerateRecoveryCodes()
  const proof = useProof()
  const [problem, setProblem] = useState<FormFailure<Field> | null>(null)
  const codeRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const missing = codeProblem(proof.method, proof.code)
    if (missing) {
      setProblem({ field: 'code', message: missing })
      codeRef.current?.focus()
      return
    }
    regenerate.mutate(
      { method: proof.method, code: proof.code.trim() },
      {
        onSuccess: onMade,
        onError: (failure) => {
          const shown = formFailureOf(failure, FIELD_MESSAGES) ?? { field: null, message: failure.message }
          setProblem(shown)
          if (shown.field === 'code') {
            proof.setCode('')
            codeRef.current?.focus()
          }
        },
      },
    )
  }

  return (
    <Dialog
      title="Make new recovery codes?"
      description="Your current recovery codes stop working, used or not."
      busy={regenerate.isPending}
      onClose={onClose}
      initialFocus={codeRef}
      className="max-w-md"
    >
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Make new recovery codes"
        className="flex flex-col gap-4"
      >
        <SecondFactorCodeField
          inputRef={codeRef}
          method={proof.method}
          onMethodChange={(method) => {
            proof.setMethod(method)
            proof.setCode('')
            setProblem(null)
          }}
          value={proof.code}
          onChange={(value) => {
            proof.setCode(value)
            setProblem(null)
          }}
          error={problem?.field === 'code' ? problem.message : undefined}
        />
        {problem && problem.field !== 'code' ? <FormError>{problem.message}</FormError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={regenerate.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={regenerate.isPending}>
            {regenerate.isPending ? 'Making codes...' : 'Make new codes'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
