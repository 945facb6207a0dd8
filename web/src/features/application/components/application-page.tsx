import { useQuery } from '@tanstack/react-query'
import { SquareTerminal } from 'lucide-react'
import { useEffect } from 'react'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { VerifyEmailNotice } from '../../../components/verify-email-notice'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { myApplicationQueryOptions } from '../queries'
import { ApplicationForm } from './application-form'
import { ApplicationStatusCard } from './application-status-card'
import { ContributorBenefits } from './contributor-benefits'

/**
 * The /application screen: status card, the form when there is none or it was rejected, and benefits.
 * A decision that arrives while it is open rewrites the card in place and raises no toast of its own:
 * the decision's notification already toasts, on every page (one toast per event).
 */
export function ApplicationPage() {
  useDocumentTitle('Become a Contributor')
  const toast = useToast()
  const application = useQuery(myApplicationQueryOptions())
  const { user } = useCurrentUser()

  const failed = application.isError && !application.data
  useEffect(() => {
    if (failed) toast({ title: 'Error', message: 'Failed to load application data', variant: 'destructive' })
  }, [failed, toast])

  const status = application.data?.status ?? null
  const showForm = application.data !== undefined && (status === null || status === 'rejected')

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 pb-16">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
          <SquareTerminal aria-hidden="true" className="size-4" />
          sudo usermod -aG contributors you
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Become a Contributor</h1>
        <p className="text-sm text-muted">
          Contributors share commands with the whole community. Tell us a little about yourself and a
          moderator will review your application.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {application.isPending ? (
            <Card className="p-5">
              <Loading label="Loading application..." />
            </Card>
          ) : failed ? (
            <LoadFailed
              message="Failed to load application data"
              onRetry={() => void application.refetch()}
              retrying={application.isFetching}
            />
          ) : (
            <ApplicationStatusCard application={application.data} />
          )}

          {showForm && user && !user.emailVerified ? (
            <VerifyEmailNotice email={user.email}>Applying needs a verified email address.</VerifyEmailNotice>
          ) : null}
          {showForm ? (
            <Card className="p-5 sm:p-6" aria-labelledby="application-form-heading">
              <h2 id="application-form-heading" className="mb-5 text-lg font-semibold text-fg">
                {status === 'rejected' ? 'Apply Again' : 'Application Form'}
              </h2>
              <ApplicationForm resubmit={status === 'rejected'} />
            </Card>
          ) : null}
        </div>
        <aside className="flex flex-col gap-6">
          <ContributorBenefits />
        </aside>
      </div>
    </div>
  )
}
