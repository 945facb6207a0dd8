import { History } from 'lucide-react'
import { useId } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { formatRelativeTime } from '../../../lib/relative-time'
import { useLocalTimeTitle } from '../../../lib/use-local-time-title'
import { type HistoryEntry, madeByLabel } from '../history-entries'
import { VersionChanges } from './version-changes'

export interface VersionEntryProps {
  entry: HistoryEntry
  /** Offered on earlier versions to moderators; absent for everyone else. */
  onRollBack?: (entry: HistoryEntry) => void
}

/** One version in the history: who made it and when, what it changed, and the moderator's rollback. */
export function VersionEntry({ entry, onRollBack }: VersionEntryProps) {
  const headingId = useId()
  const timeTitle = useLocalTimeTitle()
  const { version } = entry
  const isCurrent = entry.revisionId === null
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <article aria-labelledby={headingId} className="flex flex-col gap-4">
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-base font-semibold text-fg">
            {isCurrent ? `Version ${entry.number} (current)` : `Version ${entry.number}`}
          </h2>
          <p className="text-sm text-muted">
            {madeByLabel(version)},{' '}
            <time dateTime={version.madeAt} title={timeTitle(version.madeAt)}>
              {formatRelativeTime(version.madeAt)}
            </time>
          </p>
        </header>
        <VersionChanges version={version} previous={entry.previous} />
        {onRollBack && !isCurrent ? (
          <div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onRollBack(entry)}
              aria-describedby={headingId}
            >
              <History aria-hidden="true" className="size-4" />
              Roll back to this version
            </Button>
          </div>
        ) : null}
      </article>
    </Card>
  )
}
