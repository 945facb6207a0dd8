import { useAtomValue } from 'jotai'
import { cn } from '../../lib/cn'
import { liveStatusAtom } from '../../live/status'
import type { LiveStatus } from '../../live/types'

const labels: Record<LiveStatus, string> = {
  connecting: 'Connecting',
  open: 'Live',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
}

const descriptions: Record<LiveStatus, string> = {
  connecting: 'Connecting to live updates',
  open: 'Live updates are on',
  reconnecting: 'Live updates paused, reconnecting',
  offline: 'Live updates are off',
}

/** A small dot (and, on wider screens, a word) telling whether live updates are flowing. */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom)
  return (
    <span
      data-testid="live-status"
      data-status={status}
      title={descriptions[status]}
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 font-mono text-[11px] tracking-wide text-muted uppercase"
    >
      <span aria-hidden="true" className="relative flex size-2">
        {status === 'open' ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent opacity-50 motion-reduce:hidden" />
        ) : null}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            status === 'open' ? 'bg-accent' : status === 'offline' ? 'bg-line-strong' : 'bg-warning',
          )}
        />
      </span>
      <span className="sr-only">{descriptions[status]}</span>
      <span aria-hidden="true" className="hidden lg:inline">
        {labels[status]}
      </span>
    </span>
  )
}
