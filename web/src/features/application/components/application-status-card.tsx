import type { ApplicationStatus, UserApplicationResponse } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { CircleCheck, CircleX, Clock, MessageSquareQuote, SquarePen } from 'lucide-react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'

/**
 * How each status reads on the card (docs/product-rules.md#applications: reviewing is shown as Under Review).
 */
export const STATUS_DISPLAY: Record<
  ApplicationStatus,
  { label: string; message: string; icon: typeof Clock; tone: string }
> = {
  reviewing: {
    label: 'Under Review',
    message:
      'Your application is being reviewed by our moderators. You will be notified here as soon as they decide.',
    icon: Clock,
    tone: 'border-warning/50 bg-warning/10 text-warning',
  },
  accepted: {
    label: 'Accepted',
    message: 'Congratulations! You are now a contributor and can share your commands with the community.',
    icon: CircleCheck,
    tone: 'border-accent/50 bg-accent-soft text-accent-text',
  },
  rejected: {
    label: 'Rejected',
    message:
      'Your application was not accepted this time. Read the reviewer’s note, then send a new application below.',
    icon: CircleX,
    tone: 'border-danger/50 bg-danger-soft text-danger',
  },
}

/** "21 Nov 2026, 08:40" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown date'
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
}

/** The application status card: status, dates, the message per status and the reviewer's message. */
export function ApplicationStatusCard({ application }: { application: UserApplicationResponse }) {
  if (!application.status) return null
  const display = STATUS_DISPLAY[application.status]
  const Icon = display.icon
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" aria-labelledby="application-status-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="application-status-heading" className="text-lg font-semibold text-fg">
          Application Status
        </h2>
        <span
          data-testid="application-status"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium',
            display.tone,
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {display.label}
        </span>
      </div>
      <p className="text-sm leading-6 text-muted">{display.message}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {application.submittedAt ? (
          <div>
            <dt className="text-xs text-muted">Submitted</dt>
            <dd className="font-mono text-fg">{formatDateTime(application.submittedAt)}</dd>
          </div>
        ) : null}
        {application.reviewedAt ? (
          <div>
            <dt className="text-xs text-muted">Reviewed</dt>
            <dd className="font-mono text-fg">{formatDateTime(application.reviewedAt)}</dd>
          </div>
        ) : null}
        {application.application ? (
          <div>
            <dt className="text-xs text-muted">Document</dt>
            <dd className="truncate text-fg">
              {application.application.docCategory} · {application.application.documentName}
            </dd>
          </div>
        ) : null}
      </dl>
      {application.message ? (
        <figure className="flex gap-3 rounded-lg border border-line bg-surface-2 p-4">
          <MessageSquareQuote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <div className="min-w-0">
            <figcaption className="text-xs font-medium text-muted">Message from the moderators</figcaption>
            <blockquote className="mt-1 text-sm break-words whitespace-pre-wrap text-fg">
              {application.message}
            </blockquote>
          </div>
        </figure>
      ) : null}
      {application.status === 'accepted' ? (
        <Link to="/create-post" className={cn(buttonClasses('primary', 'md'), 'self-start')}>
          <SquarePen aria-hidden="true" className="size-4" />
          Create your first post
        </Link>
      ) : null}
    </Card>
  )
}
