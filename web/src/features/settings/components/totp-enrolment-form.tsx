import type { RecoveryCodesResponse, TotpEnrolment } from '@bashboard/server/contract'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { type FieldMessages, type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useConfirmTotpEnrolment } from '../second-factor-api'
import { CODE_FIELD_MESSAGES, codeProblem } from './second-factor-code-field'

const FIELD_MESSAGES: FieldMessages<'code'> = { code: CODE_FIELD_MESSAGES }

/** The secret in groups of four, as authenticator apps show and take it. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

export interface TotpEnrolmentFormProps {
  enrolment: TotpEnrolment
  onEnabled: (answer: RecoveryCodesResponse) => void
  onCancel: () => void
}

/**
 * Step two of turning on two-factor authentication: scan the QR code (drawn by the server) or type the
 * setup key into an authenticator app, then enter the code it shows. Nothing is on until that code is
 * right.
 */
export function TotpEnrolmentForm({ enrolment, onEnabled, onCancel }: TotpEnrolmentFormProps) {
  const confirm = useConfirmTotpEnrolment()
  const toast = useToast()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<FormFailure<'code'> | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)

  // The section changed under the button that was pressed: start reading from its heading.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (confirm.isPending) return
    const missing = codeProblem('totp', code)
    if (missing) {
      setProblem({ field: 'code', message: missing })
      codeRef.current?.focus()
      return
    }
    confirm.mutate(
      { code: code.trim() },
      {
        onSuccess: onEnabled,
        onError: (failure) => {
          const shown = formFailureOf(failure, FIELD_MESSAGES)
          if (!shown) {
            toast({ title: 'Setup Failed', message: failure.message, variant: 'destructive' })
            return
          }
          setProblem(shown)
          if (shown.field === 'code') codeRef.current?.focus()
        },
      },
    )
  }

  const expired = problem?.message === SECOND_FACTOR_MESSAGES.enrolmentMissing

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Set up two-factor authentication"
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface-2 p-4"
    >
      <h3 ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-fg">
        Set up your authenticator app
      </h3>
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-muted">
        <li>
          Open an authenticator app (such as 1Password, Aegis, Google Authenticator or Microsoft
          Authenticator).
        </li>
        <li>Scan the QR code, or enter the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows for Bashboard.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        {/* White behind the code in both themes: cameras read dark-on-light codes most reliably. */}
        <img
          src={enrolment.qrCode}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-md bg-white p-1"
        />
        <dl className="flex min-w-0 flex-col gap-1.5">
          <dt className="text-sm font-medium text-fg">Setup key</dt>
          <dd>
            <code className="block rounded-md border border-line-strong bg-terminal px-3 py-2 font-mono text-sm break-words text-[#d8f5e3] select-all">
              {groupedSecret(enrolment.secret)}
            </code>
          </dd>
          <dd className="text-xs text-muted">Time-based (TOTP), 6 digits, every 30 seconds.</dd>
        </dl>
      </div>
      <Input
        ref={codeRef}
        label="Code from your app"
        name="totp"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={9}
        required
        className="max-w-48 font-mono tracking-widest"
        value={code}
        onChange={(event) => {
          setCode(event.target.value)
          setProblem(null)
        }}
        error={problem?.field === 'code' ? problem.message : undefined}
      />
      {problem && problem.field === null ? <FormError>{problem.message}</FormError> : null}
      <div className="flex flex-wrap gap-2">
        {expired ? null : (
          <Button type="submit" loading={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
          {expired ? 'Start again' : 'Cancel'}
        </Button>
      </div>
    </form>
  )
}
