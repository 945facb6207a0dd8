import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { PasswordInput } from '../../../components/ui/password-input'
import { useToast } from '../../../components/ui/toast'
import { useSetFirstPassword } from '../identity-api'

/** A first password, for an account that so far signs in only through a provider. */
export function FirstPasswordForm() {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const set = useSetFirstPassword()
  const toast = useToast()

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (set.isPending) return
    set.mutate(password, {
      onSuccess: () => {
        setPassword('')
        toast({
          title: 'Password set',
          message: 'You can now also sign in with your password.',
          variant: 'success',
        })
      },
      onError: (failure) => setError(failure.message),
    })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Set a password">
      <p className="text-sm text-muted">
        Your account has no password yet: you sign in with GitHub or Google. Set one to sign in without them,
        to unlink the last, and to confirm changes such as deleting the account.
      </p>
      <PasswordInput
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setError(undefined)
        }}
        error={error}
      />
      <Button type="submit" loading={set.isPending} className="self-start">
        Set password
      </Button>
    </form>
  )
}
