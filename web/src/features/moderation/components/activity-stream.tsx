import type { LiveActivityKind, ModActivityItem } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import {
  FileText,
  MessageSquare,
  Pause,
  Play,
  ShieldCheck,
  SquareTerminal,
  ThumbsUp,
  UserPlus,
} from 'lucide-react'
import { type ComponentType, type SVGProps, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { activityKey, formatDateTime, relativeTime } from '../format'

interface KindDisplay {
  label: string
  /** Read between the actor and the subject; empty where the subject's title already says it. */
  verb: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  tone: string
}

/** How each kind of activity reads: the filter's label, the sentence's verb, its icon and colour. */
export const ACTIVITY_KINDS: Record<LiveActivityKind, KindDisplay> = {
  signup: { label: 'Sign-ups', verb: 'joined Bashboard', icon: UserPlus, tone: 'text-accent-text' },
  post: { label: 'Posts', verb: 'posted', icon: SquareTerminal, tone: 'text-accent-text' },
  comment: { label: 'Comments', verb: 'commented', icon: MessageSquare, tone: 'text-fg' },
  vote: { label: 'Votes', verb: '', icon: ThumbsUp, tone: 'text-warning' },
  application: { label: 'Applications', verb: '', icon: FileText, tone: 'text-warning' },
  moderation: { label: 'Moderation', verb: '', icon: ShieldCheck, tone: 'text-danger' },
}

const ALL_KINDS = Object.keys(ACTIVITY_KINDS) as LiveActivityKind[]

/** Where an item's subject can be opened, if anywhere. */
function SubjectLink({ item }: { item: ModActivityItem }) {
  const className = 'text-accent-text underline-offset-2 hover:underline'
  if (item.subject.type === 'post')
    return (
      // The post page resolves an id as well as a slug.
      <Link to="/post/$slug" params={{ slug: item.subject._id }} className={className}>
        {item.subject.title}
      </Link>
    )
  if (item.subject.type === 'application')
    return (
      <Link to="/mod/applications" className={className}>
        {item.subject.title}
      </Link>
    )
  return <span>{item.subject.title}</span>
}

function ActivityRow({ item, now }: { item: ModActivityItem; now: number }) {
  const display = ACTIVITY_KINDS[item.kind]
  const Icon = display.icon
  // A sign-up's subject is the new account itself: "ada joined Bashboard" says it all.
  const hideSubject = item.subject.type === 'user' && item.subject.title === item.actor?.username
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-kind={item.kind}>
      <span
        className={cn(
          'mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-surface-2',
          display.tone,
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{display.label}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-fg">
          <span className="font-semibold">{item.actor?.username ?? 'Someone'}</span>{' '}
          {display.verb ? <span className="text-muted">{display.verb} </span> : null}
          {hideSubject ? null : <SubjectLink item={item} />}
        </p>
      </div>
      <time
        dateTime={item.at}
        title={formatDateTime(item.at)}
        className="shrink-0 font-mono text-xs text-muted"
      >
        {relativeTime(item.at, now)}
      </time>
    </li>
  )
}

export interface ActivityStreamProps {
  /** Every item known, newest first (the first page plus live events). */
  items: ModActivityItem[]
  now: number
}

/**
 * The activity stream with filters by kind and Pause/Resume. While paused the list stays as it was and
 * new items only raise the "N new" count; resuming shows them. Filters apply to both.
 */
export function ActivityStream({ items, now }: ActivityStreamProps) {
  const [kinds, setKinds] = useState<ReadonlySet<LiveActivityKind>>(() => new Set(ALL_KINDS))
  // The items on screen when paused; null while the stream runs.
  const [frozen, setFrozen] = useState<ModActivityItem[] | null>(null)

  const shown = frozen ?? items
  let waiting: ModActivityItem[] = []
  if (frozen) {
    const newestShown = frozen[0]
    const cut = newestShown ? items.findIndex((item) => activityKey(item) === activityKey(newestShown)) : -1
    waiting = cut === -1 ? items.filter((item) => !frozen.includes(item)) : items.slice(0, cut)
  }
  const visible = shown.filter((item) => kinds.has(item.kind))
  const waitingCount = waiting.filter((item) => kinds.has(item.kind)).length

  function toggleKind(kind: LiveActivityKind): void {
    setKinds((current) => {
      const next = new Set(current)
      if (next.has(kind)) next.delete(kind)
      else next.add(kind)
      return next
    })
  }

  return (
    <section aria-labelledby="activity-stream-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-stream-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          Live activity
          <span
            aria-hidden="true"
            className={cn('size-2 rounded-full', frozen ? 'bg-warning' : 'animate-pulse bg-accent')}
          />
        </h2>
        <div className="flex items-center gap-2">
          <span role="status" className="font-mono text-xs text-muted">
            {frozen ? `Paused · ${waitingCount} new` : 'Streaming'}
          </span>
          <Button
            variant={frozen ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => setFrozen(frozen ? null : items)}
          >
            {frozen ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            {frozen ? 'Resume' : 'Pause'}
          </Button>
        </div>
      </div>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show activity of these kinds</legend>
        {ALL_KINDS.map((kind) => {
          const { label, icon: Icon, tone } = ACTIVITY_KINDS[kind]
          const checked = kinds.has(kind)
          return (
            <label
              key={kind}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-medium select-none',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/60',
                checked ? 'border-line-strong bg-surface-2 text-fg' : 'border-line text-muted line-through',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => toggleKind(kind)}
              />
              <Icon aria-hidden="true" className={cn('size-3.5', checked ? tone : 'text-muted')} />
              {label}
            </label>
          )
        })}
      </fieldset>

      {frozen && waitingCount > 0 ? (
        <button
          type="button"
          onClick={() => setFrozen(null)}
          className="rounded-md border border-accent/50 bg-accent-soft px-3 py-2 text-sm font-medium text-accent-text hover:brightness-110 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
        >
          {waitingCount} new {nounFor(waitingCount, 'event')} · Resume to show
        </button>
      ) : null}

      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-panel">
        {visible.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted">
            {kinds.size === 0
              ? 'Every kind is filtered out. Pick at least one above.'
              : 'Nothing has happened yet.'}
          </p>
        ) : (
          <ol aria-label="Activity" className="divide-y divide-line">
            {visible.map((item) => (
              <ActivityRow key={activityKey(item)} item={item} now={now} />
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}
