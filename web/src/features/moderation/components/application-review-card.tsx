import type { ModApplication } from '@bashboard/server/contract'
import { MOD_LIMITS, MOD_MESSAGES } from '@bashboard/server/contract/limits'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Check, Eye, EyeOff, FileText, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Textarea } from '../../../components/ui/textarea'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { formatBytes, formatDateTime, relativeTime } from '../format'
import { DocumentDownloadButton, DocumentViewer } from './document-viewer'

const statusTones = {
  reviewing: 'border-warning/50 bg-warning/10 text-warning',
  accepted: 'border-accent/50 bg-accent-soft text-accent-text',
  rejected: 'border-danger/50 bg-danger-soft text-danger',
} as const
const statusLabels = { reviewing: 'Under Review', accepted: 'Accepted', rejected: 'Rejected' } as const

export interface ApplicationReviewCardProps {
  application: ModApplication
  now: number
  /** Sends the decision; the queue owns the call so its outcome is reported even after this card leaves. */
  onDecide: (decision: 'accept' | 'reject', message: string) => void
  /** The decision being sent for this application, if any. */
  sending: 'accept' | 'reject' | null
}

/** One application in the queue: who, why, the document, and the decision form while it is pending. */
export function ApplicationReviewCard({ application, now, onDecide, sending }: ApplicationReviewCardProps) {
  const [showDocument, setShowDocument] = useState(false)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ids = { heading: useId(), viewer: useId() }
  const { applicant } = application
  const pending = application.status === 'reviewing'

  function send(decision: 'accept' | 'reject'): void {
    const trimmed = message.trim()
    if (decision === 'reject' && trimmed === '') {
      setError(MOD_MESSAGES.rejectMessageRequired)
      return
    }
    setError(null)
    onDecide(decision, trimmed)
  }

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-labelledby={ids.heading}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={applicant.username} size="md" />
          <div className="min-w-0">
            <h3 id={ids.heading} className="truncate font-semibold text-fg">
              {applicant.username}
            </h3>
            <p className="truncate text-xs text-muted">
              {applicant.email} · {formatCount(applicant.points)} {nounFor(applicant.points, 'pt')} ·{' '}
              {applicant.role}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span
            className={cn('rounded-full border px-2.5 py-0.5 font-medium', statusTones[application.status])}
          >
            {statusLabels[application.status]}
          </span>
          <time
            dateTime={application.submittedAt}
            title={formatDateTime(application.submittedAt)}
            className="text-muted"
          >
            submitted {relativeTime(application.submittedAt, now)}
          </time>
        </div>
      </div>

      <div className="flex flex-col gap-1">
        <p className="text-xs font-medium text-muted">Cover letter</p>
        <p className="text-sm leading-6 break-words whitespace-pre-wrap text-fg">{application.coverLetter}</p>
      </div>

      <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface-2/60 p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex min-w-0 items-center gap-2 text-sm text-fg">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
            <span className="font-medium">{application.docCategory}</span>
            <span className="truncate font-mono text-xs text-muted">
              {application.document.name} · {formatBytes(application.document.size)}
            </span>
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={showDocument}
              aria-controls={ids.viewer}
              onClick={() => setShowDocument((shown) => !shown)}
            >
              {showDocument ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Eye aria-hidden="true" className="size-4" />
              )}
              {showDocument ? 'Hide document' : 'View document'}
            </Button>
            <DocumentDownloadButton document={application.document} />
          </div>
        </div>
        <div id={ids.viewer}>{showDocument ? <DocumentViewer document={application.document} /> : null}</div>
      </div>

      {pending ? (
        <div className="flex flex-col gap-2">
          <Textarea
            label={
              <>
                Message to the applicant <span className="font-normal text-muted">(required to reject)</span>
              </>
            }
            value={message}
            onChange={(event) => {
              setMessage(event.target.value)
              if (error) setError(null)
            }}
            rows={2}
            maxLength={MOD_LIMITS.reviewMessageMaxLength}
            error={error}
            placeholder="Welcome aboard! / Please upload a readable document."
            className="min-h-16"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="danger"
              onClick={() => send('reject')}
              loading={sending === 'reject'}
              disabled={sending !== null}
            >
              <X aria-hidden="true" className="size-4" />
              Reject
            </Button>
            <Button onClick={() => send('accept')} loading={sending === 'accept'} disabled={sending !== null}>
              <Check aria-hidden="true" className="size-4" />
              Accept
            </Button>
          </div>
        </div>
      ) : application.reviewMessage || application.reviewer ? (
        <p className="text-sm text-muted">
          {application.reviewer ? `Reviewed by ${application.reviewer.username}` : 'Reviewed'}
          {application.reviewedAt ? ` ${relativeTime(application.reviewedAt, now)}` : ''}
          {application.reviewMessage ? `: “${application.reviewMessage}”` : ''}
        </p>
      ) : null}
    </Card>
  )
}
