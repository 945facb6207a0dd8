import type { UserProfile } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import type { LucideIcon } from 'lucide-react'
import {
  Award,
  BadgeCheck,
  CalendarDays,
  Coins,
  FileCode2,
  Pencil,
  Plus,
  RotateCcw,
  Sparkles,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { Loading } from '../../../components/ui/spinner'
import { canCreatePosts } from '../../../lib/current-user'
import { formatCount } from '../../../lib/format-count'
import { formatDay } from '../../../lib/format-day'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useReturnSearch } from '../../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../../state/session'
import { profileQueryOptions } from '../api'
import { ProfileTabs, type ProfileTabsProps, ProgressBar } from './profile-tabs'

function StatTile({ label, value, Icon }: { label: string; value: ReactNode; Icon: LucideIcon }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a label and a value
    <div
      role="group"
      aria-label={label}
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 shadow-panel"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted">{label}</p>
        <Icon aria-hidden="true" className="size-4 text-accent-text" />
      </div>
      <div className="font-mono text-2xl font-bold tracking-tight text-fg tabular-nums">{value}</div>
    </div>
  )
}

/** A full-page message with one button (load failure, no data). */
function ProfileMessage({ title, action }: { title: string; action: string }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
      <p role="alert" className="text-lg font-semibold text-fg">
        {title}
      </p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {action}
      </Button>
    </Card>
  )
}

function ProfileHeaderCard({ profile, canCreate }: { profile: UserProfile; canCreate: boolean }) {
  return (
    <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
      <Avatar name={profile.username} src={profile.avatar} size="lg" className="size-20 text-2xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-fg">{profile.username}</h1>
          <span className="rounded-full border border-accent/50 px-2 py-0.5 font-mono text-xs text-accent-text">
            {profile.badge}
          </span>
          {profile.contributor ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-text">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified Contributor
            </span>
          ) : null}
        </div>
        <p className="truncate text-sm text-muted">{profile.email}</p>
        <p className="flex items-center gap-1.5 text-xs text-muted">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          Member since <time dateTime={profile.createdAt}>{formatDay(profile.createdAt)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
        <Link to="/settings" className={buttonClasses('secondary', 'sm')}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Profile
        </Link>
        {canCreate ? (
          <Link to="/create-post" className={buttonClasses('primary', 'sm')}>
            <Plus aria-hidden="true" className="size-4" />
            Create New Post
          </Link>
        ) : null}
      </div>
    </Card>
  )
}

/** Members who cannot post yet are invited to apply (docs/product-rules.md#profile). */
function BecomeContributorCard() {
  return (
    <Card className="flex flex-col gap-3 border-accent/40 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-fg">Share your own commands</h2>
          <p className="text-sm text-muted">
            Contributors post commands, earn +10 points for each and +2 for every upvote.
          </p>
        </div>
      </div>
      <Link to="/application" className={buttonClasses('primary', 'sm')}>
        Become Contributor
      </Link>
    </Card>
  )
}

/**
 * The signed-in user's profile (docs/product-rules.md#profile): header, stat tiles, the tabs My Posts,
 * Upvoted, Comments and Badge Progress (plus the tabs the route adds, Saved and Collections), and
 * Create New Post or a Become Contributor invitation.
 */
export function ProfilePage({
  extraTabs,
  tab,
  onTabChange,
}: Pick<ProfileTabsProps, 'extraTabs' | 'tab' | 'onTabChange'> = {}) {
  useDocumentTitle('Profile')
  const signedIn = useAtomValue(isSignedInAtom)
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn })
  const loginSearch = useReturnSearch()

  // Logging out (here or in another tab) leaves the page: it is for signed-in users only. Signing in
  // again comes back here.
  if (!signedIn) return <Navigate to="/login" search={loginSearch} />
  if (profile.isPending) return <Loading label="Loading profile..." className="py-24" />
  if (profile.isError) return <ProfileMessage title="Failed to load profile data" action="Try Again" />
  const data = profile.data
  if (!data) return <ProfileMessage title="No profile data found" action="Reload" />

  const canCreate = canCreatePosts(data)
  const { badgeProgress } = data
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <ProfileHeaderCard profile={data} canCreate={canCreate} />
      <section aria-label="Your numbers" className="grid gap-3 sm:grid-cols-3">
        <StatTile label="Total Posts" value={formatCount(data.totalPosts)} Icon={FileCode2} />
        <StatTile label="Points" value={formatCount(data.points)} Icon={Coins} />
        <StatTile
          label="Current Badge"
          value={
            <span className="flex flex-col gap-2">
              {data.badge}
              <ProgressBar
                percent={badgeProgress.percent}
                label={badgeProgress.next ? `Progress to ${badgeProgress.next}` : 'Top tier reached'}
              />
            </span>
          }
          Icon={Award}
        />
      </section>
      {canCreate ? null : <BecomeContributorCard />}
      <Card className="p-4 sm:p-5">
        <ProfileTabs
          profile={data}
          canCreate={canCreate}
          extraTabs={extraTabs}
          tab={tab}
          onTabChange={onTabChange}
        />
      </Card>
    </div>
  )
}
