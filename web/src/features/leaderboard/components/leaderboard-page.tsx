import type { LeaderboardEntry, LeaderboardPeriod, LeaderboardResponse } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import { Award, Coins, Crown, Flame, Medal, TrendingUp, Trophy, UserCheck, Users } from 'lucide-react'
import { Fragment } from 'react'
import { AdSlot } from '../../../components/ads/ad-slot'
import { Avatar } from '../../../components/ui/avatar'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { TabList } from '../../../components/ui/tabs'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useFlashOnChange } from '../../../lib/use-flash'
import { useLiveTopic } from '../../../live/live-provider'
import { LEADERBOARD_PERIODS, leaderboardQueryOptions } from '../api'
import { useMovedRows } from './use-moved-rows'

/** docs/product-rules.md#leaderboard: an ad break after every 5th entry of the list. */
export const AD_BREAK_EVERY = 5

/** The badge tiers side card (docs/product-rules.md#leaderboard), highest first. */
export const BADGE_TIERS: ReadonlyArray<{ name: string; rule: string; Icon: LucideIcon }> = [
  { name: 'Expert', rule: '1000+ points', Icon: Crown },
  { name: 'Pro', rule: '500+ points', Icon: Trophy },
  { name: 'Advanced', rule: '250+ points', Icon: Medal },
  // Not "Hot": that is only the 150-point tier badge beside authors' names (docs/product-rules.md#badges).
  { name: 'Top Gainer', rule: 'Top 3 this week', Icon: Flame },
  { name: 'Rising', rule: 'Fast growing', Icon: TrendingUp },
]

const badgeColours: Record<string, string> = {
  Expert: 'border-warning/50 text-warning',
  Pro: 'border-accent/50 text-accent-text',
  Advanced: 'border-line-strong text-fg',
  'Top Gainer': 'border-danger/50 text-danger',
  Rising: 'border-accent/40 text-accent-text',
}

/**
 * What earns each leaderboard label, as the server decides it: the first three from all-time points,
 * the last two from this week's gain, and most members have none. Shown as the list's legend and as
 * each chip's tooltip, so a row without a chip reads as "no label yet", not as a missing one.
 */
export const LABEL_RULES: Record<Exclude<LeaderboardEntry['badge'], 'None'>, string> = {
  Expert: '1000+ points in total',
  Pro: '500+ points in total',
  Advanced: '250+ points in total',
  'Top Gainer': 'one of the top 3 gainers of the last 7 days (20+ points)',
  Rising: 'gained 10+ points in the last 7 days, half or more of their total',
}

const LEGEND_ID = 'leaderboard-labels-legend'

/** A leaderboard label chip, with its rule as a tooltip; "None" shows nothing. */
export function LeaderBadge({ badge }: { badge: LeaderboardEntry['badge'] }) {
  if (badge === 'None') return null
  return (
    <span
      title={`${badge}: ${LABEL_RULES[badge]}`}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 font-mono text-[11px] font-medium',
        badgeColours[badge],
      )}
    >
      {badge}
    </span>
  )
}

const statTiles: ReadonlyArray<{ label: string; key: keyof LeaderboardResponse['stats']; Icon: LucideIcon }> =
  [
    { label: 'Total Users', key: 'totalUsers', Icon: Users },
    { label: 'Active Users', key: 'activeUsers', Icon: UserCheck },
    { label: 'Experts', key: 'experts', Icon: Award },
    { label: 'Total Points', key: 'totalPoints', Icon: Coins },
  ]

function StatTile({ label, value, Icon }: { label: string; value: number; Icon: LucideIcon }) {
  const flashing = useFlashOnChange(value)
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a label and a number
    <div
      role="group"
      aria-label={label}
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 shadow-panel transition-colors',
        flashing && 'animate-flash border-accent/60',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted">{label}</p>
        <Icon aria-hidden="true" className="size-4 text-accent-text" />
      </div>
      <p
        data-testid="leaderboard-stat-value"
        className="font-mono text-2xl font-bold tracking-tight text-fg tabular-nums"
      >
        {formatCount(value)}
      </p>
    </div>
  )
}

const podiumStyles = [
  { ring: 'border-warning/60', step: 'sm:h-28 bg-warning/10', place: '1st', tone: 'text-warning' },
  { ring: 'border-line-strong', step: 'sm:h-20 bg-surface-3', place: '2nd', tone: 'text-fg' },
  { ring: 'border-accent/40', step: 'sm:h-14 bg-accent-soft', place: '3rd', tone: 'text-accent-text' },
] as const

/** The top 3: first in the middle on wide screens (2nd, 1st, 3rd), in rank order on narrow ones. */
function Podium({ entries, moved }: { entries: readonly LeaderboardEntry[]; moved: Set<string> }) {
  const top = entries.slice(0, 3)
  return (
    <section aria-labelledby="podium-heading">
      <h2 id="podium-heading" className="sr-only">
        Top 3
      </h2>
      <ol className="grid gap-3 sm:grid-cols-3 sm:items-end">
        {top.map((entry, index) => {
          const style = podiumStyles[index] ?? podiumStyles[2]
          return (
            <li
              key={entry._id}
              data-testid="podium-entry"
              className={cn(
                'flex items-center gap-3 overflow-hidden rounded-xl border bg-surface p-3 shadow-panel sm:flex-col sm:gap-2 sm:p-0 sm:pt-4 sm:text-center',
                style.ring,
                index === 0 ? 'sm:order-2' : index === 1 ? 'sm:order-1' : 'sm:order-3',
                moved.has(entry._id) && 'animate-flash',
              )}
            >
              <span className={cn('w-8 shrink-0 font-mono text-sm font-bold sm:sr-only', style.tone)}>
                {style.place}
              </span>
              <Avatar name={entry.username} src={entry.avatar} size={index === 0 ? 'lg' : 'md'} />
              <span className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:items-center sm:px-3">
                <Link
                  to="/u/$username"
                  params={{ username: entry.username }}
                  className="max-w-full truncate font-semibold text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
                >
                  {entry.username}
                </Link>
                <LeaderBadge badge={entry.badge} />
              </span>
              <span className="shrink-0 font-mono text-sm font-semibold text-accent-text tabular-nums">
                {formatCount(entry.points)} {nounFor(entry.points, 'pt')}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  'hidden w-full items-center justify-center font-mono text-3xl font-bold sm:flex',
                  style.step,
                  style.tone,
                )}
              >
                {index + 1}
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function LeaderRow({ entry, rank, flashing }: { entry: LeaderboardEntry; rank: number; flashing: boolean }) {
  return (
    <li
      data-testid="leaderboard-row"
      data-username={entry.username}
      data-flashing={flashing || undefined}
      className={cn(
        'flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-surface-2',
        flashing && 'animate-flash',
      )}
    >
      <span className="w-8 shrink-0 text-right font-mono text-sm text-muted tabular-nums">
        <span className="sr-only">Rank </span>
        {rank}
      </span>
      <Avatar name={entry.username} src={entry.avatar} size="md" />
      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <Link
          to="/u/$username"
          params={{ username: entry.username }}
          className="truncate font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
        >
          {entry.username}
        </Link>
        <LeaderBadge badge={entry.badge} />
      </span>
      <span
        data-testid="leaderboard-points"
        className="shrink-0 font-mono text-sm font-semibold text-accent-text tabular-nums"
      >
        {formatCount(entry.points)} {nounFor(entry.points, 'pt')}
      </span>
    </li>
  )
}

/** The labels' legend above the ranked list. */
function LabelsLegend() {
  return (
    <p id={LEGEND_ID} className="border-b border-line px-3 pt-1 pb-3 text-xs leading-5 text-muted">
      <span className="font-medium text-fg">Labels: </span>
      {(Object.keys(LABEL_RULES) as Array<keyof typeof LABEL_RULES>).map((label) => (
        <Fragment key={label}>
          <LeaderBadge badge={label} /> {LABEL_RULES[label]}.{' '}
        </Fragment>
      ))}
      Members with none of these show no label yet.
    </p>
  )
}

/** Every entry with its rank, and an ad break after every 5th. */
function LeaderList({ entries, moved }: { entries: readonly LeaderboardEntry[]; moved: Set<string> }) {
  return (
    <ol aria-label="Rankings" aria-describedby={LEGEND_ID} className="flex flex-col gap-0.5">
      {entries.map((entry, index) => {
        const rank = index + 1
        const adBreak = rank % AD_BREAK_EVERY === 0
        return (
          <Fragment key={entry._id}>
            <LeaderRow entry={entry} rank={rank} flashing={moved.has(entry._id)} />
            {adBreak ? (
              <li className="py-2" data-testid="leaderboard-ad-break">
                <AdSlot page="Leaderboard" slot="ads1" variant="banner" />
              </li>
            ) : null}
          </Fragment>
        )
      })}
    </ol>
  )
}

function PeriodTabs({
  period,
  onPeriodChange,
}: {
  period: LeaderboardPeriod
  onPeriodChange: (period: LeaderboardPeriod) => void
}) {
  return (
    <TabList
      label="Leaderboard period"
      idPrefix="leaderboard"
      // Every period fills the same one panel.
      panelId={() => 'leaderboard-panel'}
      variant="segmented"
      className="w-full sm:w-auto"
      tabClassName="flex-1 sm:flex-none"
      tabs={LEADERBOARD_PERIODS.map((tab) => ({ id: tab.value, label: tab.label }))}
      active={period}
      onChange={onPeriodChange}
    />
  )
}

function BadgeTiersCard() {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-tight text-fg">
        <Award aria-hidden="true" className="size-4 text-accent-text" />
        Badge Tiers
      </h2>
      <ul className="flex flex-col gap-2">
        {BADGE_TIERS.map((tier) => (
          <li key={tier.name} className="flex items-center gap-3 text-sm">
            <span className="inline-flex size-8 items-center justify-center rounded-md bg-accent-soft text-accent-text">
              <tier.Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="font-medium text-fg">{tier.name}</span>
            <span className="ml-auto text-xs text-muted">{tier.rule}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">
        Points: +10 for a shared command, +2 for each upvote it gets, −1 for a downvote.
      </p>
    </Card>
  )
}

const emptyText: Record<LeaderboardPeriod, string> = {
  all: 'Nobody has earned points yet. Share a command to take the lead!',
  week: 'Nobody has earned points this week yet.',
  month: 'Nobody has earned points this month yet.',
}

function BoardBody({ period }: { period: LeaderboardPeriod }) {
  const board = useQuery(leaderboardQueryOptions(period))
  useLiveTopic('leaderboard', board.data?.liveId)
  const moved = useMovedRows(period, board.data?.entries)

  if (!board.data) {
    return board.isError ? (
      <LoadFailed
        message="Failed to fetch leaderboard data."
        onRetry={() => void board.refetch()}
        retrying={board.isFetching}
      />
    ) : (
      <Loading label="Loading leaderboard..." />
    )
  }
  const { entries, stats } = board.data
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Leaderboard stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {statTiles.map((tile) => (
          <StatTile key={tile.key} label={tile.label} value={stats[tile.key]} Icon={tile.Icon} />
        ))}
      </section>
      {entries.length === 0 ? (
        <Card className="px-6 py-12 text-center text-sm text-muted">{emptyText[period]}</Card>
      ) : (
        <>
          <Podium entries={entries} moved={moved} />
          <Card className="p-2 sm:p-3">
            <LabelsLegend />
            <LeaderList entries={entries} moved={moved} />
          </Card>
        </>
      )}
    </div>
  )
}

export interface LeaderboardPageProps {
  period: LeaderboardPeriod
  onPeriodChange: (period: LeaderboardPeriod) => void
}

/**
 * The leaderboard (docs/product-rules.md#leaderboard): stats, tabs for all time, this week and this month,
 * the podium, the ranked list with ad breaks and the badge tiers card. The shown tab's top 10 and the stat
 * tiles move live.
 */
export function LeaderboardPage({ period, onPeriodChange }: LeaderboardPageProps) {
  useDocumentTitle('Leaderboard')
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
              <Trophy aria-hidden="true" className="size-7 text-warning" />
              Leaderboard
            </h1>
            <p className="text-sm text-muted">Top contributors of the community, ranked by points.</p>
          </div>
          <PeriodTabs period={period} onPeriodChange={onPeriodChange} />
        </header>
        <div role="tabpanel" id="leaderboard-panel" aria-labelledby={`leaderboard-tab-${period}`}>
          <BoardBody period={period} />
        </div>
      </div>
      <aside aria-label="About badges" className="flex min-w-0 flex-col gap-4">
        <BadgeTiersCard />
        <AdSlot page="Leaderboard" slot="ads2" variant="box" />
      </aside>
    </div>
  )
}
