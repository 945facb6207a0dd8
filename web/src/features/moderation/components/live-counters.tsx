import { useQuery } from '@tanstack/react-query'
import { MessageSquare, ThumbsUp, UserPlus, Wifi } from 'lucide-react'
import type { ComponentType, ReactNode, SVGProps } from 'react'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { useFlashOnChange } from '../../../lib/use-flash'
import { modStatsQueryOptions } from '../api'
import { BarSparkline } from './sparkline'

interface CounterProps {
  label: string
  value: number | undefined
  icon: ComponentType<SVGProps<SVGSVGElement>>
  hint: string
  chart?: ReactNode
}

/** One live counter: the number flashes when it changes, with an optional chart under it. */
function Counter({ label, value, icon: Icon, hint, chart }: CounterProps) {
  const flashing = useFlashOnChange(value ?? 0)
  return (
    <Card role="group" aria-label={label} className="flex min-w-0 flex-col gap-2 p-4">
      <p className="flex items-center gap-2 text-xs font-medium text-muted">
        <Icon aria-hidden="true" className="size-4 text-accent-text" />
        {label}
      </p>
      <p
        data-testid="counter-value"
        className={cn(
          'self-start rounded px-1 font-mono text-2xl font-semibold text-fg',
          flashing && 'animate-flash',
        )}
      >
        {value === undefined ? '–' : formatCount(value)}
      </p>
      {chart}
      <p className="text-xs text-muted">{hint}</p>
    </Card>
  )
}

/** The current minute of a series (the last entry). */
function lastOf(values: number[] | undefined): number | undefined {
  return values && values.length > 0 ? values[values.length - 1] : undefined
}

/** People connected, votes and comments per minute (with 30-minute charts) and sign-ups today. */
export function LiveCounters() {
  const stats = useQuery(modStatsQueryOptions())
  const data = stats.data
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Counter label="Connected now" value={data?.connectedNow} icon={Wifi} hint="Open live connections" />
        <Counter
          label="Votes this minute"
          value={lastOf(data?.votesPerMinute)}
          icon={ThumbsUp}
          hint="Last 30 minutes"
          chart={
            data ? (
              <BarSparkline values={data.votesPerMinute} label="Votes per minute" className="h-8 w-full" />
            ) : null
          }
        />
        <Counter
          label="Comments this minute"
          value={lastOf(data?.commentsPerMinute)}
          icon={MessageSquare}
          hint="Last 30 minutes"
          chart={
            data ? (
              <BarSparkline
                values={data.commentsPerMinute}
                label="Comments per minute"
                className="h-8 w-full"
              />
            ) : null
          }
        />
        <Counter
          label="Sign-ups today"
          value={data?.signupsToday}
          icon={UserPlus}
          hint="Since midnight (UTC)"
        />
      </div>
      {stats.isError ? (
        <p role="status" className="text-xs text-danger">
          Live counters could not be refreshed; retrying every 15 seconds.
        </p>
      ) : null}
    </div>
  )
}
