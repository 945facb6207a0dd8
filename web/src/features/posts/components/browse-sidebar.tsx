import type { Category } from '@bashboard/server/contract'
import { nounFor } from '@bashboard/server/contract/plurals'
import { Link } from '@tanstack/react-router'
import { FolderTree, Lightbulb, Plus, RotateCcw, Trophy, Zap } from 'lucide-react'
import { useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { formatCount } from '../format'
import { SEARCH_MODE_NOTE } from './search-mode-note'

/** Categories listed before "Show N More" (docs/product-rules.md#browse). */
export const CATEGORIES_SHOWN = 8
/** Categories on the Popular Categories card. */
export const POPULAR_CATEGORIES = 5

function CardHeading({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <h2 className="flex items-center gap-2 text-sm font-semibold tracking-tight text-fg">
      {icon}
      {children}
    </h2>
  )
}

function isSelected(category: Category, selected: string): boolean {
  return selected === category._id || selected === category.slug
}

export interface CategorySidebarProps {
  categories: readonly Category[]
  /** The selected category's slug (or, from an old link, its id); '' for all. */
  selected: string
  /** In search mode category changes are ignored, so the entries are disabled. */
  disabled: boolean
  onSelect: (category: string) => void
}

/** All Categories plus each category with its post count; the first 8, then Show N More / Show Less. */
export function CategorySidebar({ categories, selected, disabled, onSelect }: CategorySidebarProps) {
  const [expanded, setExpanded] = useState(false)
  const total = categories.reduce((sum, category) => sum + category.postCount, 0)
  const shown = expanded ? categories : categories.slice(0, CATEGORIES_SHOWN)
  const hidden = categories.length - CATEGORIES_SHOWN

  function entry(key: string, label: string, count: number, active: boolean, value: string) {
    return (
      <li key={key}>
        <button
          type="button"
          disabled={disabled}
          aria-current={active ? 'true' : undefined}
          onClick={() => onSelect(value)}
          className={cn(
            'flex w-full items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-left text-sm transition-colors',
            'disabled:cursor-not-allowed disabled:opacity-55',
            active
              ? 'bg-accent-soft font-medium text-accent-text'
              : 'text-muted hover:bg-surface-2 hover:text-fg',
          )}
        >
          <span className="min-w-0 truncate">{label}</span>
          <span className="rounded-full bg-surface-3 px-2 py-0.5 font-mono text-xs text-muted tabular-nums">
            {formatCount(count)}
          </span>
        </button>
      </li>
    )
  }

  return (
    <Card className="flex flex-col gap-3 p-4">
      <CardHeading icon={<FolderTree aria-hidden="true" className="size-4 text-accent-text" />}>
        Categories
      </CardHeading>
      {disabled ? <p className="text-xs text-muted">{SEARCH_MODE_NOTE}</p> : null}
      <ul aria-label="Categories" className="flex flex-col gap-0.5">
        {entry('all', 'All Categories', total, selected === '', '')}
        {shown.map((category) =>
          entry(
            category._id,
            category.name,
            category.postCount,
            isSelected(category, selected),
            // The address names the category by its slug (/browse?category=networking).
            category.slug,
          ),
        )}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          className="self-start rounded-sm text-sm font-medium text-accent-text hover:underline hover:underline-offset-4"
        >
          {expanded ? 'Show Less' : `Show ${hidden} More`}
        </button>
      ) : null}
      <p className="border-t border-line pt-3 text-xs text-muted">
        Total: <span className="font-mono text-fg">{formatCount(total)}</span> {nounFor(total, 'command')} in{' '}
        <span className="font-mono text-fg">{formatCount(categories.length)}</span>{' '}
        {nounFor(categories.length, 'category')}
      </p>
    </Card>
  )
}

/** How to search well. */
export function SearchTipsCard() {
  const tips = [
    ['Search by command', 'tar, rsync, awk...'],
    ['Describe the task', '"find large files"'],
    ['Use a tag', 'docker, git, network'],
    ['Press /', 'to jump to the search box'],
  ] as const
  return (
    <Card className="flex flex-col gap-3 p-4">
      <CardHeading icon={<Lightbulb aria-hidden="true" className="size-4 text-warning" />}>
        Search Tips
      </CardHeading>
      <ul className="flex flex-col gap-2 text-sm">
        {tips.map(([tip, example]) => (
          <li key={tip} className="flex flex-col">
            <span className="text-fg">{tip}</span>
            <span className="font-mono text-xs text-muted">{example}</span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** Share a Command, View Leaderboard, Clear Filters. */
export function QuickActionsCard({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <CardHeading icon={<Zap aria-hidden="true" className="size-4 text-accent-text" />}>
        Quick Actions
      </CardHeading>
      <div className="flex flex-col gap-2">
        <Link to="/create-post" className={cn(buttonClasses('primary', 'sm'), 'justify-start')}>
          <Plus aria-hidden="true" className="size-4" />
          Share a Command
        </Link>
        <Link to="/leaderboard" className={cn(buttonClasses('secondary', 'sm'), 'justify-start')}>
          <Trophy aria-hidden="true" className="size-4" />
          View Leaderboard
        </Link>
        <button
          type="button"
          onClick={onClearFilters}
          className={cn(buttonClasses('ghost', 'sm'), 'justify-start')}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Clear Filters
        </button>
      </div>
    </Card>
  )
}

/** The first 5 categories as quick links. */
export function PopularCategoriesCard({ categories }: { categories: readonly Category[] }) {
  const popular = categories.slice(0, POPULAR_CATEGORIES)
  if (popular.length === 0) return null
  return (
    <Card className="flex flex-col gap-3 p-4">
      <CardHeading icon={<FolderTree aria-hidden="true" className="size-4 text-accent-text" />}>
        Popular Categories
      </CardHeading>
      <ul className="flex flex-wrap gap-2">
        {popular.map((category) => (
          <li key={category._id}>
            <Link
              to="/browse"
              search={{ category: category.slug }}
              className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 py-1 text-xs text-fg hover:border-accent/60"
            >
              {category.name}
              <span className="font-mono text-muted">{category.postCount}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}
