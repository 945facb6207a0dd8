import type { PendingIdentity, SecondFactorRequired } from '@bashboard/server/contract'
import { PROVIDER_LABELS } from '@bashboard/server/contract/identity-messages'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { FormError } from '../../../components/ui/form-error'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { safeReturnPath } from '../../../lib/return-path'
import { needsSecondFactor } from '../api'
import { usePendingSignIn } from '../identity-api'
import { SecondFactorStep } from './second-factor-step'

/**
 * Signs into the account a provider vouched for; an account with a second factor asks for it here, in
 * the same step as after a password.
 */
export function PendingSignInStep({ pending }: { pending: PendingIdentity }) {
  const [challenge, setChallenge] = useState<SecondFactorRequired['secondFactor'] | null>(null)
  const ask = usePendingSignIn()
  const navigate = useNavigate()
  const toast = useToast()
  const asked = useRef(false)

  const done = (username: string) => {
    toast({
      title: `Signed in with ${PROVIDER_LABELS[pending.provider]}`,
      message: `Welcome, ${username}.`,
      variant: 'success',
    })
    void navigate({ href: safeReturnPath(pending.returnTo) ?? '/' })
  }

  // Asked once (it uses the pending sign-in up), not again on a re-render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    ask.mutate(undefined, {
      onSuccess: (answer) => {
        if (needsSecondFactor(answer)) setChallenge(answer.secondFactor)
        else done(answer.user.username)
      },
    })
  }, [])

  if (ask.isError) return <FormError>{ask.error.message}</FormError>
  if (!challenge) return <Loading label="Signing you in..." />
  return (
    <SecondFactorStep
      challenge={challenge}
      onSignedIn={(auth) => done(auth.user.username)}
      onRestart={() => void navigate({ href: '/login' })}
    />
  )
}
