import { moderationActionLabel } from '@bashboard/server/contract/moderation-actions'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { modAuditQueryOptions } from '../api'
import { formatDateTime, relativeTime, useNow } from '../format'
import { Pager } from './pager'

/** The Audit log tab: every moderator action with its reason, newest first, page by page. */
export function AuditPage() {
  useDocumentTitle('Audit log · Moderation')
  const now = useNow()
  const [page, setPage] = useState(1)
  const audit = useQuery(modAuditQueryOptions(page))
  return (
    <section aria-labelledby="mod-audit-heading" className="flex flex-col gap-4">
      <h2 id="mod-audit-heading" className="text-lg font-semibold text-fg">
        Audit log
      </h2>
      {audit.isPending ? (
        <Loading label="Loading audit log..." />
      ) : audit.isError && !audit.data ? (
        <LoadFailed
          message="Failed to load the audit log."
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No moderation actions yet.
        </p>
      ) : (
        <>
          <div className="rounded-xl border border-line bg-surface">
            {/* Below md each row stacks into a small card (the header row hides, cells show their own label). */}
            <table className="block w-full text-left text-sm md:table">
              <caption className="sr-only">Moderation actions, newest first</caption>
              <thead className="hidden border-b border-line bg-surface-2 text-xs text-muted md:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Moderator
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-line md:table-row-group">
                {audit.data.entries.map((entry) => (
                  <tr key={entry._id} className="flex flex-col gap-1 px-4 py-3 align-top md:table-row md:p-0">
                    <td className="whitespace-nowrap md:table-cell md:px-4 md:py-3">
                      <time
                        dateTime={entry.createdAt}
                        title={formatDateTime(entry.createdAt)}
                        className="font-mono text-xs text-muted"
                      >
                        {relativeTime(entry.createdAt, now)}
                      </time>
                    </td>
                    <td className="font-medium text-fg md:table-cell md:px-4 md:py-3">
                      <span className="font-normal text-muted md:hidden">By </span>
                      {entry.moderator.username}
                    </td>
                    <td className="text-fg md:table-cell md:px-4 md:py-3 md:whitespace-nowrap">
                      {moderationActionLabel(entry.action)}
                    </td>
                    <td className="break-words text-fg md:table-cell md:max-w-64 md:px-4 md:py-3">
                      <span className="mr-1.5 rounded bg-surface-3 px-1.5 py-0.5 font-mono text-[11px] text-muted">
                        {entry.subjectType}
                      </span>
                      {entry.subjectTitle}
                    </td>
                    <td className="break-words whitespace-pre-wrap text-muted md:table-cell md:max-w-80 md:px-4 md:py-3">
                      <span className="text-muted md:hidden">Reason: </span>
                      {entry.reason === '' ? '—' : entry.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            label="Audit log"
            page={audit.data.page}
            totalPages={audit.data.totalPages}
            onChange={setPage}
          />
        </>
      )}
    </section>
  )
}
