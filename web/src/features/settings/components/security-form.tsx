import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { PasswordInput } from '../../../components/ui/password-input'
import { useToast } from '../../../components/ui/toast'
import { type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { useChangePassword } from '../api'
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_FIELD_MESSAGES,
  type PasswordFormValues,
  validatePasswordForm,
} from '../validation'

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

/**
 * The Security tab (docs/product-rules.md#settings): current, new and confirm password, each with show/hide.
 * The current password is sent and checked (docs/product-rules.md#sessions); success keeps this tab signed in
 * and ends every other session.
 */
export function SecurityForm() {
  const toast = useToast()
  const change = useChangePassword()
  const [values, setValues] = useState<PasswordFormValues>(EMPTY)
  const [problem, setProblem] = useState<FormFailure<keyof PasswordFormValues> | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const found = validatePasswordForm(values)
    setProblem(found)
    if (found) return
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY)
          toast({
            title: 'Password Updated',
            message: 'Your password was changed. Other devices have been signed out.',
            variant: 'success',
          })
        },
        // The server's refusal goes under its field; only a lost connection or a crash is a toast.
        onError: (failure) => {
          const shown = formFailureOf(failure, PASSWORD_FIELD_MESSAGES)
          if (shown) setProblem(shown)
          else toast({ title: 'Update Failed', message: failure.message, variant: 'destructive' })
        },
      },
    )
  }

  const field = (name: keyof PasswordFormValues) => ({
    name,
    value: values[name],
    onChange: (event: FormEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value
      setValues((current) => ({ ...current, [name]: value }))
      // The error about this field, or about the form as a whole, no longer applies once it is edited.
      setProblem((current) => (current?.field === name || current?.field === null ? null : current))
    },
    error: problem?.field === name ? problem.message : undefined,
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password" className="flex flex-col gap-4">
      <PasswordInput
        label="Current Password"
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      <PasswordInput
        label="New Password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        required
        {...field('newPassword')}
      />
      <PasswordInput
        label="Confirm New Password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      {problem && problem.field === null ? <FormError>{problem.message}</FormError> : null}
      <Button type="submit" loading={change.isPending} className="self-start">
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  )
}
