import type { WebSession } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { LogOut, Monitor, Smartphone } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { formatDay } from '../../../lib/format-day'
import { endedSessionsTitle, isMobileDevice, SIGN_IN_METHOD_LABELS } from '../session-labels'
import { sessionsQueryOptions } from '../sessions-api'
import { EndOtherSessionsDialog, EndSessionDialog } from './session-dialogs'
import { lastUsedLabel } from './token-list'

type OpenDialog = { kind: 'end'; session: WebSession } | { kind: 'end-others' } | null

/** One signed-in browser: what it is, how and when it signed in, when and where it was last seen. */
function SessionRow({ session, onEnd }: { session: WebSession; onEnd: () => void }) {
  const deviceId = useId()
  const Icon = isMobileDevice(session.device) ? Smartphone : Monitor
  const lastSeen = lastUsedLabel(session.lastSeenAt)
  return (
    <li
      aria-labelledby={deviceId}
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <span id={deviceId} className="font-medium break-words text-fg">
            {session.device}
          </span>
          <span className="text-xs break-words text-muted">
            Signed in <time dateTime={session.createdAt}>{formatDay(session.createdAt)}</time> with{' '}
            {SIGN_IN_METHOD_LABELS[session.method]}
            {' · '}Last seen <time dateTime={session.lastSeenAt}>{lastSeen}</time>
            {' · '}Network <span className="font-mono">{session.network}</span>
          </span>
        </div>
      </div>
      <div className="flex shrink-0 self-end sm:self-auto">
        {session.current ? (
          // Signing this browser out is the header's "Log out", so its row only says which it is.
          <span className="rounded-full border border-accent/50 px-2 py-0.5 font-mono text-xs text-accent-text">
            This browser
          </span>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={onEnd}
            aria-label={`Sign out ${session.device}, last seen ${lastSeen} from ${session.network}`}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        )}
      </div>
    </li>
  )
}

/**
 * Settings → Security → Sessions (docs/product-rules.md#sessions): each browser signed in to the
 * account, this one first; sign one of the others out, or all of them (with the password CLI logins).
 */
export function SessionsSection() {
  const list = useQuery(sessionsQueryOptions())
  const toast = useToast()
  const [dialog, setDialog] = useState<OpenDialog>(null)

  if (list.isPending) return <Loading label="Loading sessions..." />
  if (list.isError) {
    return (
      <LoadFailed
        message="Failed to load your sessions"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  }
  const { sessions } = list.data
  const hasOthers = sessions.some((session) => !session.current)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        The browsers signed in to your account. Sign out any you do not recognise or no longer use.
      </p>
      {sessions.length > 0 ? (
        <ul
          aria-label="Your sessions"
          className="divide-y divide-line rounded-xl border border-line bg-surface"
        >
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={() => setDialog({ kind: 'end', session })}
            />
          ))}
        </ul>
      ) : null}
      {hasOthers ? (
        <Button variant="secondary" className="self-start" onClick={() => setDialog({ kind: 'end-others' })}>
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-fg">This is the only browser signed in to your account.</p>
      )}
      {dialog?.kind === 'end' ? (
        <EndSessionDialog
          session={dialog.session}
          onClose={() => setDialog(null)}
          onEnded={() => {
            setDialog(null)
            toast({
              title: 'Session signed out',
              message: `${dialog.session.device} is no longer signed in.`,
              variant: 'success',
            })
          }}
        />
      ) : null}
      {dialog?.kind === 'end-others' ? (
        <EndOtherSessionsDialog
          onClose={() => setDialog(null)}
          onEnded={({ ended }) => {
            setDialog(null)
            toast({ title: endedSessionsTitle(ended), variant: 'success' })
          }}
        />
      ) : null}
    </div>
  )
}
