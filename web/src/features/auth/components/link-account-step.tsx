import type { PendingIdentity, SecondFactorRequired } from '@bashboard/server/contract'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { CurrentPasswordInput } from '../../../components/ui/password-input'
import { useToast } from '../../../components/ui/toast'
import { safeReturnPath } from '../../../lib/return-path'
import { needsSecondFactor } from '../api'
import { useLinkPendingAccount } from '../identity-api'
import { SecondFactorStep } from './second-factor-step'

/**
 * The password of the account that already has the provider's address: asked once, so an address at
 * a provider never takes an account over by itself. A second factor follows when the account has one.
 */
export function LinkAccountStep({ pending }: { pending: PendingIdentity }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [secondFactor, setSecondFactor] = useState<SecondFactorRequired['secondFactor'] | null>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const link = useLinkPendingAccount()
  const navigate = useNavigate()
  const toast = useToast()

  function onSignedIn(username: string): void {
    toast({ title: 'Account linked', message: `Signed in as ${username}.`, variant: 'success' })
    void navigate({ href: safeReturnPath(pending.returnTo) ?? '/' })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (link.isPending) return
    if (password === '') {
      setError('Enter your password.')
      passwordRef.current?.focus()
      return
    }
    link.mutate(
      { password },
      {
        onSuccess: (answer) => {
          setPassword('')
          if (needsSecondFactor(answer)) setSecondFactor(answer.secondFactor)
          else onSignedIn(answer.user.username)
        },
        onError: (failure) => {
          setError(failure.message)
          setPassword('')
          passwordRef.current?.focus()
        },
      },
    )
  }

  if (secondFactor) {
    return (
      <SecondFactorStep
        challenge={secondFactor}
        onSignedIn={(auth) => onSignedIn(auth.user.username)}
        // The challenge is gone; the link is made, so signing in with the provider again asks anew.
        onRestart={() => void navigate({ href: '/login' })}
      />
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Link your account">
      <Input label="Account" name="username" autoComplete="username" value={pending.username} readOnly />
      <CurrentPasswordInput
        ref={passwordRef}
        label="Password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setError(undefined)
        }}
        error={error}
      />
      <Button type="submit" size="lg" loading={link.isPending} className="w-full">
        Link and sign in
      </Button>
      <p className="-mt-1 text-center text-sm">
        <a
          href="/forgot-password"
          className="font-medium text-accent-text underline-offset-4 hover:underline"
        >
          Forgot password?
        </a>
      </p>
    </form>
  )
}
