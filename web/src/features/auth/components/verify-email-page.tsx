import { Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { FormError } from '../../../components/ui/form-error'
import { Loading } from '../../../components/ui/spinner'
import { ResendVerificationButton } from '../../../components/verify-email-notice'
import { ApiError } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useVerifyEmail } from '../mail-api'
import { useLinkToken } from '../use-link-token'
import { AuthPanel } from './auth-panel'

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/**
 * /verify-email?token=…: the link of a verification mail. Following it verifies the address at once,
 * signed in or not; a used or expired link offers a new one to a signed-in member.
 */
export function VerifyEmailPage() {
  const token = useLinkToken()
  useDocumentTitle('Verify your email')
  const verify = useVerifyEmail()
  const { signedIn } = useCurrentUser()
  const sent = useRef(false)

  useEffect(() => {
    // Once per visit: React may run effects twice in development, and a link works only once.
    if (!token || sent.current) return
    sent.current = true
    verify.mutate(token)
  }, [token, verify])

  const failure = !token
    ? 'This page needs the link from your verification mail.'
    : verify.error instanceof ApiError && !verify.error.isNetworkError && verify.error.status < 500
      ? verify.error.message
      : verify.isError
        ? 'Could not verify the address. Check your connection and open the link again.'
        : null

  return (
    <AuthPanel
      command="bashboard verify"
      title={verify.isSuccess ? 'Address verified' : 'Verify your email'}
      subtitle={
        verify.isSuccess
          ? `${verify.data.email} is confirmed as yours.`
          : 'Confirming the address of your Bashboard account.'
      }
      footer={
        <Link to="/" className={linkClasses}>
          Back to the commands
        </Link>
      }
    >
      {verify.isSuccess ? (
        <div className="flex flex-col gap-4 text-sm text-muted" role="status">
          <p className="flex items-start gap-3 rounded-lg border border-line bg-surface-2 p-4 text-fg">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
            <span>You can now apply as a contributor and choose what we mail you.</span>
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to="/application" className={linkClasses}>
              Become a contributor
            </Link>
            <Link to="/settings" search={{ tab: 'email' }} className={linkClasses}>
              Email settings
            </Link>
          </p>
        </div>
      ) : failure ? (
        <div className="flex flex-col gap-4">
          <FormError>{failure}</FormError>
          {signedIn ? (
            <ResendVerificationButton />
          ) : (
            <p className="text-sm text-muted">
              <Link to="/login" search={{ redirect: '/settings?tab=email' }} className={linkClasses}>
                Log in
              </Link>{' '}
              to get a new link.
            </p>
          )}
        </div>
      ) : (
        <Loading label="Verifying your address..." />
      )}
    </AuthPanel>
  )
}
