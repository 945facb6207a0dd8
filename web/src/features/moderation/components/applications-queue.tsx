import { MOD_MESSAGES, type ModApplication } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Inbox } from 'lucide-react'
import { useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import { modApplicationsQueryOptions, useDecideApplication } from '../api'
import { useNow } from '../format'
import { ApplicationReviewCard } from './application-review-card'

type Filter = 'reviewing' | 'all'

const filters: { value: Filter; label: string }[] = [
  { value: 'reviewing', label: 'Pending' },
  { value: 'all', label: 'All applications' },
]

/**
 * The review queue. New applications arrive live (`application.submitted` refetches it) and decided
 * ones leave it live, whoever decided them.
 */
export function ApplicationsQueue() {
  useDocumentTitle('Applications · Moderation')
  const [filter, setFilter] = useState<Filter>('reviewing')
  const query = useQuery(modApplicationsQueryOptions(filter))
  const now = useNow()
  // The list's liveId makes the socket replay anything published between this response and the subscribe.
  useLiveTopic('mod', query.data?.liveId)

  const applications = query.data?.applications ?? []
  const decide = useDecideApplication()
  const toast = useToast()

  function onDecide(application: ModApplication, decision: 'accept' | 'reject', message: string): void {
    const { username } = application.applicant
    decide.mutate(
      { id: application._id, body: { decision, ...(message === '' ? {} : { message }) } },
      {
        onSuccess: () =>
          toast({
            title: decision === 'accept' ? 'Application accepted' : 'Application rejected',
            message:
              decision === 'accept' ? `${username} is now a contributor.` : `${username} has been told why.`,
            variant: 'success',
          }),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) {
            toast({
              title: 'Already reviewed',
              message: `${failure.serverMessage ?? MOD_MESSAGES.alreadyReviewed} by another moderator. It has left the queue.`,
            })
            return
          }
          toast({
            title: 'Decision failed',
            message: failure instanceof ApiError ? failure.message : 'Please try again.',
            variant: 'destructive',
          })
        },
      },
    )
  }
  return (
    <section aria-labelledby="mod-applications-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mod-applications-heading" className="text-lg font-semibold text-fg">
          Contributor applications
          {query.data && filter === 'reviewing' ? (
            <span className="ml-2 rounded-full bg-surface-3 px-2 py-0.5 font-mono text-xs text-muted">
              {query.data.pagination.total} pending
            </span>
          ) : null}
        </h2>
        <fieldset className="flex gap-1 rounded-lg border border-line bg-surface p-1">
          <legend className="sr-only">Show</legend>
          {filters.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none',
                filter === option.value ? 'bg-accent-soft text-accent-text' : 'text-muted hover:text-fg',
              )}
            >
              {option.label}
            </button>
          ))}
        </fieldset>
      </div>

      {query.isPending ? (
        <Loading label="Loading applications..." />
      ) : query.isError && !query.data ? (
        <LoadFailed
          message="Failed to load applications."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : applications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong px-6 py-12 text-center">
          <Inbox aria-hidden="true" className="size-8 text-muted" />
          <p className="font-medium text-fg">
            {filter === 'reviewing' ? 'No applications waiting for review' : 'No applications yet'}
          </p>
          <p className="text-sm text-muted">New applications appear here as soon as they are submitted.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Applications">
          {applications.map((application) => (
            <li key={application._id}>
              <ApplicationReviewCard
                application={application}
                now={now}
                onDecide={(decision, message) => onDecide(application, decision, message)}
                sending={
                  decide.isPending && decide.variables?.id === application._id
                    ? decide.variables.body.decision
                    : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
