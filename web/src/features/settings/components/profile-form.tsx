import type { ProfileHeader } from '@bashboard/server/contract'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { formFailureOf } from '../../../lib/form-failure'
import { useUpdateProfile } from '../api'
import { PROFILE_FIELD_MESSAGES, type ProfileFormValues, validateProfileForm } from '../validation'

/** The Profile tab's username and email form (both required; the server checks the rest). */
export function ProfileForm({ user }: { user: ProfileHeader }) {
  const toast = useToast()
  const update = useUpdateProfile()
  const [values, setValues] = useState<ProfileFormValues>({ username: user.username, email: user.email })
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFormValues, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    const problems = validateProfileForm(values)
    setErrors(problems)
    setFormError(null)
    if (Object.keys(problems).length > 0) return
    update.mutate(
      { username: values.username.trim(), email: values.email.trim() },
      {
        onSuccess: (header) => {
          setValues({ username: header.username, email: header.email })
          toast({ title: 'Profile Updated', message: 'Your profile has been saved.', variant: 'success' })
        },
        // The server's refusal goes under its field; only a lost connection or a crash is a toast.
        onError: (failure) => {
          const shown = formFailureOf(failure, PROFILE_FIELD_MESSAGES)
          if (!shown) toast({ title: 'Update Failed', message: failure.message, variant: 'destructive' })
          else if (shown.field) setErrors({ [shown.field]: shown.message })
          else setFormError(shown.message)
        },
      },
    )
  }

  const change = (field: keyof ProfileFormValues) => (event: FormEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
    setFormError(null)
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Profile details" className="flex flex-col gap-4">
      <Input
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={change('username')}
        error={errors.username}
        required
      />
      <Input
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        required
      />
      {formError ? <FormError>{formError}</FormError> : null}
      <Button type="submit" loading={update.isPending} className="self-start">
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  )
}
