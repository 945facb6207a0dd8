import type { ProfileComment, ProfileFavorite, ProfilePost, UserProfile } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, Hourglass } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { CommentOnPostRow } from '../../../components/ui/comment-on-post-row'
import { PostCounts } from '../../../components/ui/post-counts'
import { type TabItem, TabList } from '../../../components/ui/tabs'
import { cn } from '../../../lib/cn'
import { formatCount } from '../../../lib/format-count'
import { formatDay } from '../../../lib/format-day'

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
      {children}
    </p>
  )
}

const rowClasses =
  'flex flex-col gap-1.5 rounded-lg border border-line bg-surface-2/40 p-3 transition-colors hover:border-line-strong sm:flex-row sm:items-center sm:justify-between sm:gap-4'

function PostRow({ post, byline }: { post: ProfilePost; byline?: ReactNode }) {
  return (
    <li className={rowClasses}>
      <span className="flex min-w-0 flex-col gap-0.5">
        <Link
          to="/post/$slug"
          params={{ slug: post.slug }}
          className="truncate font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
        >
          {post.title || 'Untitled Post'}
        </Link>
        <span className="text-xs text-muted">
          {byline}
          <time dateTime={post.createdAt}>{formatDay(post.createdAt)}</time>
        </span>
      </span>
      <PostCounts post={post} />
    </li>
  )
}

function MyPosts({ posts, canCreate }: { posts: readonly ProfilePost[]; canCreate: boolean }) {
  if (posts.length === 0)
    return (
      <Empty>
        {canCreate
          ? "You haven't shared any commands yet. Create your first post!"
          : "You haven't shared any commands yet. Become a contributor to share yours."}
      </Empty>
    )
  return (
    <ul aria-label="My posts" className="flex flex-col gap-2">
      {posts.map((post) => (
        <PostRow key={post._id} post={post} />
      ))}
    </ul>
  )
}

function Upvoted({ favorites }: { favorites: readonly ProfileFavorite[] }) {
  if (favorites.length === 0)
    return (
      <Empty>
        No upvoted commands yet. The commands you upvote show up here; save one to keep it in Saved.
      </Empty>
    )
  return (
    <ul aria-label="Upvoted posts" className="flex flex-col gap-2">
      {favorites.map((post) => (
        <PostRow key={post._id} post={post} byline={<>by {post.author.username} · </>} />
      ))}
    </ul>
  )
}

function Comments({ comments }: { comments: readonly ProfileComment[] }) {
  if (comments.length === 0) return <Empty>You haven't commented on any command yet.</Empty>
  return (
    <ul aria-label="My comments" className="flex flex-col gap-2">
      {comments.map((comment) => (
        <CommentOnPostRow key={comment._id} comment={comment} />
      ))}
    </ul>
  )
}

/** A labelled progress bar (0–100). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
    >
      <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}

function BadgeProgress({ profile }: { profile: UserProfile }) {
  const { badgeProgress, tiers } = profile
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2/40 p-4">
        <p className="text-sm text-fg">
          {badgeProgress.next ? (
            <>
              <span className="font-mono text-accent-text">{formatCount(badgeProgress.pointsToNext)}</span>{' '}
              {nounFor(badgeProgress.pointsToNext, 'point')} to{' '}
              <span className="font-semibold">{badgeProgress.next}</span>
            </>
          ) : (
            <>You reached the top tier, {badgeProgress.badge}.</>
          )}
        </p>
        <ProgressBar
          percent={badgeProgress.percent}
          label={badgeProgress.next ? `Progress to ${badgeProgress.next}` : 'Top tier reached'}
        />
        <p className="font-mono text-xs text-muted">{badgeProgress.percent}%</p>
      </div>
      <ul aria-label="Badge tiers" className="flex flex-col gap-2">
        {tiers.map((tier) => (
          <li
            key={tier.name}
            data-testid="tier-row"
            className="flex flex-col gap-2 rounded-lg border border-line p-3 sm:flex-row sm:items-center sm:gap-4"
          >
            <span className="flex min-w-0 items-center gap-2 sm:w-44">
              {tier.earned ? (
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-accent-text" />
              ) : (
                <Hourglass aria-hidden="true" className="size-4 shrink-0 text-muted" />
              )}
              <span className="font-medium text-fg">{tier.name}</span>
              <span className="font-mono text-xs text-muted">{formatCount(tier.min)}+</span>
            </span>
            <span className="flex flex-1 items-center gap-3">
              <ProgressBar percent={tier.earned ? 100 : tier.percent} label={`${tier.name} progress`} />
              <span className="w-10 shrink-0 text-right font-mono text-xs text-muted tabular-nums">
                {tier.earned ? 100 : tier.percent}%
              </span>
            </span>
            <span
              className={cn(
                'self-start rounded-full px-2 py-0.5 text-xs font-medium sm:self-auto',
                tier.earned ? 'bg-accent-soft text-accent-text' : 'bg-surface-3 text-muted',
              )}
            >
              {tier.earned ? 'Earned' : 'In Progress'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

const TABS = [
  { id: 'posts', label: 'My Posts' },
  // The commands the member upvoted; Saved (another feature's tab) is what they keep on purpose.
  { id: 'upvoted', label: 'Upvoted' },
  { id: 'comments', label: 'Comments' },
  { id: 'badges', label: 'Badge Progress' },
] as const

/** A tab another feature adds (Saved, Collections), composed by the route; shown after Upvoted. */
export interface ProfileExtraTab {
  id: string
  label: string
  count?: number
  render: () => ReactNode
}

export interface ProfileTabsProps {
  profile: UserProfile
  canCreate: boolean
  extraTabs?: readonly ProfileExtraTab[]
  /** The tab to show (the URL's `?tab=`); an unknown one falls back to My Posts. */
  tab?: string | undefined
  onTabChange?: ((tab: string) => void) | undefined
}

/**
 * The profile's tabs (the four of docs/product-rules.md#profile, plus any the route adds), following the
 * WAI-ARIA tabs pattern (arrow keys move).
 */
export function ProfileTabs({ profile, canCreate, extraTabs = [], tab, onTabChange }: ProfileTabsProps) {
  const [chosen, setChosen] = useState<string>(tab ?? 'posts')
  const counts: Partial<Record<string, number>> = {
    posts: profile.totalPosts,
    upvoted: profile.favorites.length,
    comments: profile.comments.length,
  }
  const builtIn = TABS.map((item): TabItem<string> => ({ ...item, count: counts[item.id] }))
  const added = extraTabs.map(({ id, label, count }): TabItem<string> => ({ id, label, count }))
  const tabs = [...builtIn.slice(0, 2), ...added, ...builtIn.slice(2)]
  const wanted = tab ?? chosen
  const active = tabs.some((item) => item.id === wanted) ? wanted : 'posts'
  const extra = extraTabs.find((item) => item.id === active)
  const setActive = (id: string): void => {
    setChosen(id)
    onTabChange?.(id)
  }
  return (
    <div className="flex flex-col gap-4">
      {/* Four tabs do not fit a phone's width: the bar scrolls sideways instead of wrapping. */}
      <TabList
        label="Profile sections"
        idPrefix="profile"
        variant="underline"
        tabs={tabs}
        active={active}
        onChange={setActive}
      />
      <div role="tabpanel" id={`profile-panel-${active}`} aria-labelledby={`profile-tab-${active}`}>
        {extra ? (
          extra.render()
        ) : active === 'posts' ? (
          <MyPosts posts={profile.posts} canCreate={canCreate} />
        ) : active === 'upvoted' ? (
          <Upvoted favorites={profile.favorites} />
        ) : active === 'comments' ? (
          <Comments comments={profile.comments} />
        ) : (
          <BadgeProgress profile={profile} />
        )}
      </div>
    </div>
  )
}
