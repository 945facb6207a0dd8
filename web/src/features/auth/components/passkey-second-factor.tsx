import type { AuthResponse } from '@bashboard/server/contract'
import { SECOND_FACTOR_MESSAGES } from '@bashboard/server/contract/second-factor-messages'
import { ApiError } from '../../../lib/api-client'
import { usePasskeySecondFactorMutation } from '../passkey-api'
import { PasskeyButton, usePasskeyAttempt } from './passkey-sign-in'

export interface PasskeySecondFactorProps {
  /** The password step's challenge. */
  challenge: string
  onSignedIn: (auth: AuthResponse) => void
  /** The challenge expired: back to the password, saying why. */
  onRestart: (reason: string) => void
}

/**
 * "Use a passkey" in the second step of signing in (docs/product-rules.md#passkeys): one of the
 * member's passkeys answers the password's challenge instead of a code.
 */
export function PasskeySecondFactor({ challenge, onSignedIn, onRestart }: PasskeySecondFactorProps) {
  const verify = usePasskeySecondFactorMutation()
  const attempt = usePasskeyAttempt()
  const onError = (error: unknown): void => {
    if (error instanceof ApiError && error.serverMessage === SECOND_FACTOR_MESSAGES.challengeExpired) {
      onRestart(error.serverMessage)
    } else {
      attempt.fail(error)
    }
  }
  return (
    <PasskeyButton
      label="Use a passkey"
      loading={verify.isPending}
      problem={attempt.problem}
      onClick={() => {
        if (attempt.begin()) verify.mutate(challenge, { onSuccess: onSignedIn, onError })
      }}
    />
  )
}
