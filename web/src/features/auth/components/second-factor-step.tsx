import type { AuthResponse, SecondFactorMethod, SecondFactorRequired } from '@bashboard/server/contract'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { type FieldMessages, type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useSecondFactorLoginMutation } from '../api'
import { describeLoginError } from '../auth-errors'
import { PasskeySecondFactor } from './passkey-second-factor'

/** The server's refusals that go under the code field (contract/second-factor-messages' words). */
const CODE_MESSAGES: FieldMessages<'code'> = {
  code: [
    SECOND_FACTOR_MESSAGES.codeInvalid,
    SECOND_FACTOR_MESSAGES.codeUsed,
    SECOND_FACTOR_MESSAGES.recoveryCodeInvalid,
    SECOND_FACTOR_MESSAGES.authenticatorUnreadable,
  ],
}

/** What the step says for each way of answering. */
const METHOD_TEXT: Record<
  SecondFactorMethod,
  { label: string; intro: string; required: string; switchTo: string; hint?: string }
> = {
  totp: {
    label: 'Authentication code',
    intro: 'Open your authenticator app and enter the 6-digit code it shows for Bashboard.',
    required: 'Enter the 6-digit code from your authenticator app.',
    switchTo: 'Use your authenticator app instead',
  },
  recovery: {
    label: 'Recovery code',
    intro: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
    required: 'Enter one of your recovery codes.',
    switchTo: 'Use a recovery code instead',
    hint: 'Each recovery code works once.',
  },
}

export interface SecondFactorStepProps {
  /** The challenge the password step answered with. */
  challenge: SecondFactorRequired['secondFactor']
  /** The code was right: the session has started. */
  onSignedIn: (auth: AuthResponse) => void
  /** Back to the password step, with why (the challenge expired) or without (the member chose to). */
  onRestart: (reason?: string) => void
}

/**
 * The second step of signing in for a member with two-factor authentication
 * (docs/product-rules.md#second-factor): a code from the authenticator app, a recovery code, or one of
 * the member's passkeys when they have one (docs/product-rules.md#passkeys). A wrong
 * code shows under the field; an expired challenge goes back to the password; only a lost connection
 * or a server error is a toast.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const [method, setMethod] = useState<SecondFactorMethod>('totp')
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<FormFailure<'code'> | null>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const verify = useSecondFactorLoginMutation()
  const toast = useToast()
  const text = METHOD_TEXT[method]
  const other: SecondFactorMethod = method === 'totp' ? 'recovery' : 'totp'
  const canSwitch = challenge.methods.includes(other)

  // The code is what this step is for: the field takes focus when it appears and when the method changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus on a method change
  useEffect(() => {
    codeRef.current?.focus()
  }, [method])

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (verify.isPending) return
    const typed = code.trim()
    if (typed === '' || (method === 'totp' && !/^\d{6}$/.test(typed.replace(/[\s-]/g, '')))) {
      setProblem({ field: 'code', message: text.required })
      codeRef.current?.focus()
      return
    }
    verify.mutate(
      { challenge: challenge.challenge, method, code: typed },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.serverMessage === SECOND_FACTOR_MESSAGES.challengeExpired) {
            onRestart(error.serverMessage)
            return
          }
          const shown = formFailureOf(error, CODE_MESSAGES)
          if (!shown) {
            toast({ ...describeLoginError(error), variant: 'destructive' })
            return
          }
          setProblem(shown)
          setCode('')
          codeRef.current?.focus()
        },
      },
    )
  }

  function switchMethod(): void {
    setMethod(other)
    setCode('')
    setProblem(null)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby={headingId}>
      <div className="flex flex-col gap-1.5">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          Two-factor authentication
        </h2>
        <p className="text-sm text-muted">{text.intro}</p>
      </div>
      <Input
        // A new field per method, so the browser offers one-time codes only where they belong.
        key={method}
        ref={codeRef}
        label={text.label}
        name={method === 'totp' ? 'totp' : 'recoveryCode'}
        autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={method === 'totp' ? 9 : 24}
        required
        className="font-mono tracking-widest"
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          setProblem(null)
        }}
        hint={text.hint}
        error={problem?.field === 'code' ? problem.message : undefined}
      />
      {problem && problem.field === null ? <FormError>{problem.message}</FormError> : null}
      <Button type="submit" size="lg" loading={verify.isPending} className="w-full">
        Verify
      </Button>
      {challenge.methods.includes('passkey') ? (
        <PasskeySecondFactor challenge={challenge.challenge} onSignedIn={onSignedIn} onRestart={onRestart} />
      ) : null}
      <div className="-mt-1 flex flex-col items-center gap-2 text-sm">
        {canSwitch ? (
          <button
            type="button"
            onClick={switchMethod}
            className="rounded-sm font-medium text-accent-text underline-offset-4 hover:underline"
          >
            {METHOD_TEXT[other].switchTo}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onRestart()}
          className="rounded-sm text-muted underline-offset-4 hover:text-fg hover:underline"
        >
          Back to password
        </button>
      </div>
    </form>
  )
}
