import type { SecondFactorMethod } from '@bashboard/server/contract'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { type RefObject, useEffect, useRef } from 'react'
import { Input } from '../../../components/ui/input'

/** The server's refusals that go under a code field (contract/second-factor-messages' words). */
export const CODE_FIELD_MESSAGES: readonly string[] = [
  SECOND_FACTOR_MESSAGES.codeInvalid,
  SECOND_FACTOR_MESSAGES.codeUsed,
  SECOND_FACTOR_MESSAGES.recoveryCodeInvalid,
  SECOND_FACTOR_MESSAGES.authenticatorUnreadable,
]

/** What the field asks for when it is left empty (or, for an app's code, is not six digits). */
export const CODE_REQUIRED: Record<SecondFactorMethod, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of your recovery codes.',
}

/** The reason a typed code is not worth sending, or null. */
export function codeProblem(method: SecondFactorMethod, code: string): string | null {
  const typed = code.trim()
  if (typed === '') return CODE_REQUIRED[method]
  if (method === 'totp' && !/^\d{6}$/.test(typed.replace(/[\s-]/g, ''))) return CODE_REQUIRED.totp
  return null
}

export interface SecondFactorCodeFieldProps {
  method: SecondFactorMethod
  onMethodChange: (method: SecondFactorMethod) => void
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  /** The field, for the form to focus; it is also focused after switching methods. */
  inputRef: RefObject<HTMLInputElement | null>
}

/**
 * A code proving the second factor: the authenticator app's current code, or (through the link under
 * it) one of the recovery codes, for a member who lost the app.
 */
export function SecondFactorCodeField({
  method,
  onMethodChange,
  value,
  onChange,
  error,
  inputRef,
}: SecondFactorCodeFieldProps) {
  const totp = method === 'totp'
  const switched = useRef(false)

  // After "use a recovery code instead", the new field takes focus rather than leaving it on the link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the method changes
  useEffect(() => {
    if (!switched.current) return
    switched.current = false
    inputRef.current?.focus()
  }, [method])

  return (
    <div className="flex flex-col gap-2">
      <Input
        key={method}
        ref={inputRef}
        label={totp ? 'Authentication code' : 'Recovery code'}
        name={totp ? 'totp' : 'recoveryCode'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={totp ? 9 : 24}
        required
        className="font-mono tracking-widest"
        hint={totp ? 'The 6-digit code your authenticator app shows now.' : 'Each recovery code works once.'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
      <button
        type="button"
        onClick={() => {
          switched.current = true
          onMethodChange(totp ? 'recovery' : 'totp')
        }}
        className="self-start rounded-sm text-sm font-medium text-accent-text underline-offset-4 hover:underline"
      >
        {totp ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </button>
    </div>
  )
}
