import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { MAIL_MESSAGES } from '@bashboard/server/contract/mail-messages'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { PasswordInput } from '../../../components/ui/password-input'
import { useToast } from '../../../components/ui/toast'
import { formFailureOf } from '../../../lib/form-failure'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useResetPassword } from '../mail-api'
import { useLinkToken } from '../use-link-token'
import { AuthPanel } from './auth-panel'

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

type Field = 'password' | 'confirm'

/**
 * /reset-password?token=…: the link of a reset mail. Choosing the password uses the link up and signs
 * the account out everywhere (this browser too), then the member signs in with it.
 */
export function ResetPasswordPage() {
  const token = useLinkToken()
  useDocumentTitle('Choose a new password')
  const [values, setValues] = useState({ password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [linkError, setLinkError] = useState<string | null>(null)
  const refs = { password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) }
  const reset = useResetPassword()
  const navigate = useNavigate()
  const toast = useToast()

  function show(field: Field, message: string): void {
    setErrors({ [field]: message })
    refs[field].current?.focus()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (reset.isPending || !token) return
    if (values.password === '') {
      show('password', 'Choose a new password.')
      return
    }
    if (values.password !== values.confirm) {
      show('confirm', "Passwords don't match!")
      return
    }
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: (answer) => {
          toast({ title: 'Password changed', message: answer.message, variant: 'success' })
          void navigate({ to: '/login' })
        },
        onError: (failure) => {
          const shown = formFailureOf(failure, {
            password: [ACCOUNT_MESSAGES.passwordTooShort, ACCOUNT_MESSAGES.passwordTooLong],
          })
          if (!shown)
            toast({ title: 'Error', message: 'Could not set the new password', variant: 'destructive' })
          else if (shown.field) show(shown.field, shown.message)
          else setLinkError(shown.message)
        },
      },
    )
  }

  const broken = !token || linkError === MAIL_MESSAGES.linkInvalid
  return (
    <AuthPanel
      command="passwd"
      title="Choose a new password"
      subtitle="Setting it signs your account out on every device, this one included."
      footer={
        <>
          Back to{' '}
          <Link to="/login" className={linkClasses}>
            Log in
          </Link>
        </>
      }
    >
      {broken ? (
        <div className="flex flex-col gap-4">
          <FormError>{linkError ?? 'This page needs the link from your reset mail.'}</FormError>
          <Link to="/forgot-password" className={linkClasses}>
            Mail me a new reset link
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-5"
          aria-label="Choose a new password"
        >
          <PasswordInput
            ref={refs.password}
            label="New password"
            name="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => {
              setValues((current) => ({ ...current, password: event.target.value }))
              setErrors({})
            }}
            error={errors.password}
            hint={`At least ${ACCOUNT_LIMITS.passwordMinLength} characters.`}
          />
          <PasswordInput
            ref={refs.confirm}
            label="Confirm new password"
            name="confirm"
            autoComplete="new-password"
            required
            value={values.confirm}
            onChange={(event) => {
              setValues((current) => ({ ...current, confirm: event.target.value }))
              setErrors({})
            }}
            error={errors.confirm}
          />
          {linkError ? <FormError>{linkError}</FormError> : null}
          <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
            Set new password
          </Button>
        </form>
      )}
    </AuthPanel>
  )
}
