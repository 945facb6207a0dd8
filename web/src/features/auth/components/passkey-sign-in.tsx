import type { AuthResponse } from '@bashboard/server/contract'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { browserHasPasskeys, PasskeyCeremonyError } from '../../../lib/webauthn'
import { describeLoginError } from '../auth-errors'
import { usePasskeySignInMutation } from '../passkey-api'

/** Said on a browser without WebAuthn, instead of a prompt that would never come. */
export const NO_PASSKEY_BROWSER = 'This browser cannot use passkeys. Sign in with your password instead.'

/**
 * What a failed passkey step shows under its button: the server's refusal (4xx) or the browser's
 * reason, in words; null for what is a toast (no response, a 5xx).
 */
export function passkeyProblemOf(error: unknown): string | null {
  if (error instanceof PasskeyCeremonyError) return error.message
  if (error instanceof ApiError && !error.isNetworkError && error.status < 500) {
    return error.serverMessage ?? error.message
  }
  return null
}

/**
 * The problem shown under a passkey button: `begin()` clears it and says whether this browser can
 * try at all; `fail(error)` shows a refusal under the button, anything else as a toast.
 */
export function usePasskeyAttempt() {
  const toast = useToast()
  const [problem, setProblem] = useState<string | null>(null)
  const begin = (): boolean => {
    setProblem(browserHasPasskeys() ? null : NO_PASSKEY_BROWSER)
    return browserHasPasskeys()
  }
  const fail = (error: unknown): void => {
    const shown = passkeyProblemOf(error)
    if (shown) setProblem(shown)
    else toast({ ...describeLoginError(error), variant: 'destructive' })
  }
  return { problem, begin, fail }
}

/** A passkey step's button, with its problem under it. */
export function PasskeyButton({
  label,
  loading,
  problem,
  onClick,
}: {
  label: string
  loading: boolean
  problem: string | null
  onClick: () => void
}) {
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="lg" className="w-full" loading={loading} onClick={onClick}>
        {loading ? null : <KeyRound aria-hidden="true" className="size-4" />}
        {label}
      </Button>
      {problem ? <FormError>{problem}</FormError> : null}
    </div>
  )
}

/**
 * "Sign in with a passkey" on the login screen (docs/product-rules.md#passkeys): no name asked, the
 * browser offers this site's passkeys. The WebAuthn code loads on the click, not with the page.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (auth: AuthResponse) => void }) {
  const signIn = usePasskeySignInMutation()
  const attempt = usePasskeyAttempt()
  return (
    <PasskeyButton
      label="Sign in with a passkey"
      loading={signIn.isPending}
      problem={attempt.problem}
      onClick={() => {
        if (attempt.begin()) signIn.mutate(undefined, { onSuccess: onSignedIn, onError: attempt.fail })
      }}
    />
  )
}
