import type { Category, WeeklyLeader } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import { ArrowRight, FolderTree, Trophy } from 'lucide-react'
import { Avatar } from '../../../components/ui/avatar'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { useFlashOnChange } from '../../../lib/use-flash'

/** Every category with its post count, each linking to Browse filtered by it. */
export function CategoryListCard({ categories }: { categories: readonly Category[] }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-tight text-fg">
        <FolderTree aria-hidden="true" className="size-4 text-accent-text" />
        Categories
      </h2>
      {categories.length === 0 ? (
        <p className="text-sm text-muted">No categories yet.</p>
      ) : (
        <ul aria-label="Categories" className="flex flex-col gap-0.5">
          {categories.map((category) => (
            <li key={category._id}>
              <Link
                to="/browse"
                search={{ category: category.slug }}
                className="flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm text-muted hover:bg-surface-2 hover:text-fg"
              >
                <span className="min-w-0 truncate">{category.name}</span>
                <span className="rounded-full bg-surface-3 px-2 py-0.5 font-mono text-xs tabular-nums">
                  {category.postCount}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** One weekly leader; the row flashes when a live push changes its points or place. */
function WeeklyLeaderRow({ leader, rank }: { leader: WeeklyLeader; rank: number }) {
  const flashing = useFlashOnChange(leader.points * 100 + rank)
  return (
    <li
      data-flashing={flashing || undefined}
      className={cn('-mx-1 flex items-center gap-3 rounded-md px-1 text-sm', flashing && 'animate-flash')}
    >
      <span className="w-5 text-right font-mono text-xs text-muted">{rank}</span>
      <Avatar name={leader.username} src={leader.avatar} size="sm" />
      <span className="flex min-w-0 flex-1 flex-col leading-tight">
        <Link
          to="/u/$username"
          params={{ username: leader.username }}
          className="truncate font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
        >
          {leader.username}
        </Link>
        <span className="text-xs text-muted">{leader.badge}</span>
      </span>
      <span className="font-mono text-xs text-accent-text tabular-nums">+{countOf(leader.points, 'pt')}</span>
    </li>
  )
}

/** The top 5 point gainers of the last 7 days, linking to the full leaderboard. */
export function WeeklyLeaderboardCard({ leaders }: { leaders: readonly WeeklyLeader[] }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-tight text-fg">
        <Trophy aria-hidden="true" className="size-4 text-warning" />
        This Week's Leaders
      </h2>
      {leaders.length === 0 ? (
        <p className="text-sm text-muted">Nobody has earned points this week yet. Share a command to lead!</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {leaders.map((leader, index) => (
            <WeeklyLeaderRow key={leader._id} leader={leader} rank={index + 1} />
          ))}
        </ol>
      )}
      <Link
        to="/leaderboard"
        className="inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-accent-text hover:underline hover:underline-offset-4"
      >
        View Leaderboard
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </Card>
  )
}
