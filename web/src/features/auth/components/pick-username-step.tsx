import type { PendingIdentity } from '@bashboard/server/contract'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { safeReturnPath } from '../../../lib/return-path'
import { useCreatePendingAccount } from '../identity-api'

/** The new account's username: the provider's name as offered (it was taken), edited by the member. */
export function PickUsernameStep({ pending }: { pending: PendingIdentity }) {
  const [username, setUsername] = useState(pending.username)
  const [error, setError] = useState<string | undefined>()
  const fieldRef = useRef<HTMLInputElement>(null)
  const create = useCreatePendingAccount()
  const navigate = useNavigate()
  const toast = useToast()

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (create.isPending) return
    if (username.trim() === '') {
      setError('Enter a username.')
      fieldRef.current?.focus()
      return
    }
    create.mutate(
      { username: username.trim() },
      {
        onSuccess: (auth) => {
          toast({
            title: 'Welcome to Bashboard!',
            message: `Signed in as ${auth.user.username}.`,
            variant: 'success',
          })
          void navigate({ href: safeReturnPath(pending.returnTo) ?? '/' })
        },
        onError: (failure) => {
          // Every refusal here is about the name (taken, or outside the rule) or an expired sign-in.
          setError(failure.message)
          fieldRef.current?.focus()
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Choose your username">
      <Input
        ref={fieldRef}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint="3 to 30 characters: letters, digits, _ or -"
        value={username}
        onChange={(event) => {
          setUsername(event.target.value)
          setError(undefined)
        }}
        error={error}
      />
      <Button type="submit" size="lg" loading={create.isPending} className="w-full">
        Create account
      </Button>
    </form>
  )
}
