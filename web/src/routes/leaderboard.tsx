import type { LeaderboardPeriod } from '@bashboard/server/contract'
import { LEADERBOARD_PERIODS } from '@bashboard/server/contract/values'
import { createFileRoute } from '@tanstack/react-router'
import { leaderboardQueryOptions } from '../features/leaderboard/api'
import { LeaderboardPage } from '../features/leaderboard/components/leaderboard-page'

export interface LeaderboardSearch {
  period?: LeaderboardPeriod
}

const periods = new Set<string>(LEADERBOARD_PERIODS)

/** `?period=week|month`; All Time is the default and stays out of the URL. */
function validateSearch(raw: Record<string, unknown>): LeaderboardSearch {
  const period = typeof raw.period === 'string' ? raw.period : undefined
  return period && period !== 'all' && periods.has(period) ? { period: period as LeaderboardPeriod } : {}
}

export const Route = createFileRoute('/leaderboard')({
  // Not a first screen the server draws: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  validateSearch,
  loaderDeps: ({ search }) => ({ period: search.period ?? 'all' }),
  // The page shows its own error state; a failed load must not stop the route from rendering.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(leaderboardQueryOptions(deps.period)).catch(() => undefined),
  component: LeaderboardRoute,
})

function LeaderboardRoute() {
  const { period = 'all' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <LeaderboardPage
      period={period}
      onPeriodChange={(next) =>
        void navigate({ search: next === 'all' ? {} : { period: next }, replace: true })
      }
    />
  )
}
