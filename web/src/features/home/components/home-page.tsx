import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { RotateCcw } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../../../components/ui/button'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import { isSignedInAtom } from '../../../state/session'
import { statsQueryOptions } from '../api'
import { JoinCard } from './join-card'
import { StatTiles } from './stat-tiles'
import { WelcomeBanner } from './welcome-banner'

/** The spec's home loading text: the product name and an ellipsis. */
export const HOME_LOADING_TEXT = 'Loading Bashboard...'

/** Shown while the home route loads. */
export function HomeLoading() {
  return <Loading label={HOME_LOADING_TEXT} className="py-24" />
}

function CommunityStats() {
  const stats = useQuery(statsQueryOptions())
  const toast = useToast()
  useLiveTopic('stats', stats.data?.liveId)

  const failed = stats.isError && !stats.data
  useEffect(() => {
    if (failed) toast({ title: 'Error', message: 'Failed to load website data.', variant: 'destructive' })
  }, [failed, toast])

  return (
    <section aria-labelledby="stats-heading" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="stats-heading" className="text-lg font-semibold tracking-tight text-fg">
          Community at a glance
        </h2>
        <p className="font-mono text-xs text-muted">updates live</p>
      </div>
      {stats.data ? (
        <StatTiles stats={stats.data} />
      ) : failed ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-danger/50 bg-danger-soft p-5">
          <p className="text-sm text-fg">The community numbers could not be loaded.</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void stats.refetch()}
            loading={stats.isFetching}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </Button>
        </div>
      ) : (
        <HomeLoading />
      )}
    </section>
  )
}

/** The home page: welcome banner, live community stats and, for guests, the join card. */
export function HomePage() {
  useDocumentTitle('Home')
  const signedIn = useAtomValue(isSignedInAtom)
  return (
    <div className="flex flex-col gap-10">
      <WelcomeBanner />
      <CommunityStats />
      {signedIn ? null : <JoinCard />}
    </div>
  )
}
