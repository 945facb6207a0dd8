import type { PostCard, ReactedPosts } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ArrowRight, Flame, Terminal } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { LoadFailed } from '../../../components/ui/load-failed'
import { useToast } from '../../../components/ui/toast'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import { isSignedInAtom } from '../../../state/session'
import { statsQueryOptions, websiteQueryOptions } from '../api'
import { HomeLoading } from './home-loading'
import { CategoryListCard, WeeklyLeaderboardCard } from './home-sidebar'
import { JoinCard } from './join-card'
import { StatTiles, StatTilesSkeleton } from './stat-tiles'
import { WelcomeBanner } from './welcome-banner'

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
        <LoadFailed
          message="The community numbers could not be loaded."
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <StatTilesSkeleton />
      )}
    </section>
  )
}

/** Renders a list of post cards; the route passes the posts feature's list (features never import each other). */
export type RenderPosts = (
  posts: readonly PostCard[],
  reacted: ReactedPosts | null,
  options: { label: string; layout: 'list' | 'grid' },
) => ReactNode

function SectionHeading({
  id,
  icon,
  title,
  link,
}: {
  id: string
  icon: ReactNode
  title: string
  link: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
        {icon}
        {title}
      </h2>
      {link}
    </div>
  )
}

const sectionLink =
  'inline-flex items-center gap-1 rounded-sm text-sm font-medium text-accent-text hover:underline hover:underline-offset-4'

/** Top of the week, latest commands, categories and the weekly leaderboard (GET /api/website). */
function HomeLists({ renderPosts }: { renderPosts: RenderPosts }) {
  const website = useQuery(websiteQueryOptions())
  const toast = useToast()
  useLiveTopic('posts', website.data?.liveIds.posts)
  // The weekly leaders card moves live (no live id in the home data: a missed push waits for a refetch).
  useLiveTopic('leaderboard')

  const failed = website.isError && !website.data
  useEffect(() => {
    if (failed) toast({ title: 'Error', message: 'Failed to load website data.', variant: 'destructive' })
  }, [failed, toast])

  if (!website.data) {
    return failed ? (
      <LoadFailed
        message="The latest commands could not be loaded."
        onRetry={() => void website.refetch()}
        retrying={website.isFetching}
      />
    ) : (
      <HomeLoading reserve />
    )
  }
  const { latestPosts, topWeeklyPosts, categories, userLeaderboard, myReactedPosts } = website.data
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex min-w-0 flex-col gap-10">
        <section aria-labelledby="top-weekly-heading" className="flex flex-col gap-4">
          <SectionHeading
            id="top-weekly-heading"
            icon={<Flame aria-hidden="true" className="size-5 text-warning" />}
            title="Top of the Week"
            link={
              <Link to="/browse" search={{ sort: 'trending' }} className={sectionLink}>
                See trending
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          />
          {topWeeklyPosts.length === 0 ? (
            <p className="text-sm text-muted">No commands were upvoted this week yet.</p>
          ) : (
            renderPosts(topWeeklyPosts, myReactedPosts, { label: 'Top of the week', layout: 'grid' })
          )}
        </section>
        <section aria-labelledby="latest-heading" className="flex flex-col gap-4">
          <SectionHeading
            id="latest-heading"
            icon={<Terminal aria-hidden="true" className="size-5 text-accent-text" />}
            title="Latest Shared Commands"
            link={
              <Link to="/browse" search={{ sort: 'latest' }} className={sectionLink}>
                View all
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          />
          {latestPosts.length === 0 ? (
            <p className="text-sm text-muted">No commands have been shared yet.</p>
          ) : (
            renderPosts(latestPosts, myReactedPosts, { label: 'Latest shared commands', layout: 'list' })
          )}
        </section>
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <WeeklyLeaderboardCard leaders={userLeaderboard} />
        <CategoryListCard categories={categories} />
        <AdSlot page="Homepage" slot="ads2" variant="box" />
      </div>
    </div>
  )
}

/** The home page: welcome banner, live community stats, the post lists and, for guests, the join card. */
export function HomePage({ renderPosts }: { renderPosts: RenderPosts }) {
  useDocumentTitle('Home')
  const signedIn = useAtomValue(isSignedInAtom)
  return (
    <div className="flex flex-col gap-10">
      <WelcomeBanner />
      <CommunityStats />
      <AdSlot page="Homepage" slot="ads1" />
      <HomeLists renderPosts={renderPosts} />
      {signedIn ? null : <JoinCard />}
    </div>
  )
}
