import type { PlatformStats } from '@bashboard/server/contract'
import type { LucideIcon } from 'lucide-react'
import { Activity, FileCode2, FolderTree, Users } from 'lucide-react'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { useFlashOnChange } from '../../../lib/use-flash'

interface TileSpec {
  label: string
  key: 'totalPosts' | 'totalUsers' | 'totalCategories' | 'activeToday'
  Icon: LucideIcon
  hint: string
}

const tiles: readonly TileSpec[] = [
  { label: 'Total Posts', key: 'totalPosts', Icon: FileCode2, hint: 'commands shared' },
  { label: 'Total Users', key: 'totalUsers', Icon: Users, hint: 'members so far' },
  { label: 'Categories', key: 'totalCategories', Icon: FolderTree, hint: 'topics to explore' },
  { label: 'Active Today', key: 'activeToday', Icon: Activity, hint: 'posted, voted or commented' },
]

const tileClasses =
  'flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-panel transition-colors sm:p-5'
const valueClasses = 'font-mono text-2xl font-bold tracking-tight text-fg tabular-nums sm:text-3xl'
const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4'

function TileHeader({ label, Icon }: { label: string; Icon: LucideIcon }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <p className="text-sm font-medium text-muted">{label}</p>
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-accent-soft text-accent-text">
        <Icon aria-hidden="true" className="size-4" />
      </span>
    </div>
  )
}

/** One number; it flashes briefly when a live update changes it (never on first render). */
function StatTile({
  label,
  value,
  Icon,
  hint,
}: {
  label: string
  value: number
  Icon: LucideIcon
  hint: string
}) {
  const flashing = useFlashOnChange(value)

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a label and a number
    <div
      role="group"
      aria-label={label}
      data-flashing={flashing || undefined}
      className={cn(tileClasses, flashing && 'animate-flash border-accent/60')}
    >
      <TileHeader label={label} Icon={Icon} />
      <p data-testid="stat-value" className={valueClasses}>
        {formatCount(value)}
      </p>
      <p className="text-xs text-muted">{hint}</p>
    </div>
  )
}

/**
 * The tiles while the numbers load: the same boxes with a placeholder for each number, so nothing below
 * moves when the numbers arrive.
 */
export function StatTilesSkeleton() {
  return (
    <div role="status" aria-label="Loading the community numbers" className={gridClasses}>
      {tiles.map((tile) => (
        <div key={tile.key} aria-hidden="true" className={tileClasses}>
          <TileHeader label={tile.label} Icon={tile.Icon} />
          <p className={valueClasses}>
            <span className="inline-block w-[3ch] animate-pulse rounded bg-surface-3 text-transparent">
              0
            </span>
          </p>
          <p className="text-xs text-muted">{tile.hint}</p>
        </div>
      ))}
    </div>
  )
}

/** The four community numbers of the home page. */
export function StatTiles({ stats }: { stats: PlatformStats }) {
  return (
    <div className={gridClasses}>
      {tiles.map((tile) => (
        <StatTile
          key={tile.key}
          label={tile.label}
          value={stats[tile.key]}
          Icon={tile.Icon}
          hint={tile.hint}
        />
      ))}
    </div>
  )
}
