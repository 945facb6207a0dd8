import {
  IDENTITY_ERRORS,
  type IdentityErrorCode,
  PROVIDER_LABELS,
} from '@bashboard/server/contract/identity-messages'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { FormError } from '../../../components/ui/form-error'
import { Loading } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { pendingQueryOptions } from '../identity-api'
import { validateProviderFinishSearch } from '../provider-finish-search'
import { AuthPanel } from './auth-panel'
import { LinkAccountStep } from './link-account-step'
import { PendingSignInStep } from './pending-sign-in-step'
import { PickUsernameStep } from './pick-username-step'

/** The words of an error code from the callback; a code this build does not know reads as the generic one. */
function errorText(code: string): string {
  return Object.hasOwn(IDENTITY_ERRORS, code)
    ? IDENTITY_ERRORS[code as IdentityErrorCode]
    : IDENTITY_ERRORS.provider
}

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/**
 * /sign-in/provider: where a GitHub or Google sign-in lands when it has a step left (a username to
 * pick, the password of the account with that address) and to finish signing in (the session is
 * started from an API answer, with the second factor when the account has one), or when it failed.
 */
export function ProviderFinishPage() {
  useDocumentTitle('Finish signing in')
  const { error, from } = validateProviderFinishSearch(useSearch({ strict: false }))
  const pending = useQuery({ ...pendingQueryOptions(), enabled: error === undefined })
  const back =
    from === 'settings' ? (
      <a href="/settings?tab=security" className={linkClasses}>
        Back to Settings
      </a>
    ) : (
      <a href="/login" className={linkClasses}>
        Back to log in
      </a>
    )

  if (error !== undefined || pending.isError) {
    return (
      <AuthPanel
        command="bashboard login --provider"
        title="That didn’t work"
        subtitle="Nothing was changed on your account."
        footer={back}
      >
        <FormError>{error !== undefined ? errorText(error) : pending.error?.message}</FormError>
      </AuthPanel>
    )
  }
  if (!pending.data) return <Loading label="Loading sign-in..." />

  const step = pending.data
  const provider = PROVIDER_LABELS[step.provider]
  const command = `bashboard login --provider ${step.provider}`
  if (step.kind === 'choose-username') {
    return (
      <AuthPanel
        command={command}
        title="Choose your username"
        subtitle={`Signed in with ${provider} as ${step.email}. Pick the name others will see on Bashboard.`}
        footer={back}
      >
        <PickUsernameStep pending={step} />
      </AuthPanel>
    )
  }
  if (step.kind === 'link-account') {
    return (
      <AuthPanel
        command={command}
        title={`Link ${provider} to your account`}
        subtitle={`An account already uses ${step.email}. Enter its password once to sign in with ${provider} from now on.`}
        footer={back}
      >
        <LinkAccountStep pending={step} />
      </AuthPanel>
    )
  }
  return (
    <AuthPanel
      command={command}
      title={`Signing in with ${provider}`}
      subtitle={`As ${step.username}. If your account asks for its second factor, enter it below.`}
      footer={back}
    >
      <PendingSignInStep pending={step} />
    </AuthPanel>
  )
}
