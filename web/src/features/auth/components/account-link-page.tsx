import { Link } from '@tanstack/react-router'
import { NotFoundCard } from '../../../components/ui/not-found-card'
import { ResetPasswordPage } from './reset-password-page'
import { UnsubscribePage } from './unsubscribe-page'
import { VerifyEmailPage } from './verify-email-page'

/**
 * /account/<action>?token=…: the pages the site's mails link to, behind one route (each route sits in
 * the entry chunk): verify an address, choose a new password, unsubscribe.
 */
export function AccountLinkPage({ action }: { action: string }) {
  if (action === 'verify-email') return <VerifyEmailPage />
  if (action === 'reset-password') return <ResetPasswordPage />
  if (action === 'unsubscribe') return <UnsubscribePage />
  return (
    <NotFoundCard
      title="Page not found"
      message="This address is not one of the links we mail."
      action={
        <Link to="/" className="font-medium text-accent-text underline-offset-4 hover:underline">
          Back to the commands
        </Link>
      }
    />
  )
}
