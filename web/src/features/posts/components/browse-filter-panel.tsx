import type { TagsResponse } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Plus, X } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { fieldClasses } from '../../../components/ui/input'
import { apiFetch } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { type BrowseFilters, NO_FILTERS } from '../browse-filters'
import { formatCount } from '../format'

/** Tags a filter may require (the API refuses more). */
export const MAX_FILTER_TAGS = 10
/** Suggestions listed under the tag field. */
const TAG_SUGGESTIONS = 8

/** The popular tags starting with `q` (GET /api/website/tags). */
function useTagSuggestions(q: string) {
  const prefix = q.trim().toLowerCase()
  return useQuery({
    queryKey: ['tags', prefix],
    queryFn: ({ signal }) =>
      apiFetch<TagsResponse>(
        `/api/website/tags?${new URLSearchParams({ q: prefix, limit: String(TAG_SUGGESTIONS) })}`,
        {
          signal,
          fallbackMessage: 'Failed to load tags',
        },
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
}

/** A tag as posts store them (lower case, spaces as dashes, no leading #), or '' when none is left. */
function cleanTag(text: string): string {
  return text.trim().toLowerCase().replace(/^#+/, '').replace(/\s+/g, '-').slice(0, 30)
}

interface TagPickerProps {
  tags: string[]
  onChange: (tags: string[]) => void
}

/**
 * Tags, several at once: the chosen ones as removable chips, a field that suggests popular tags as
 * you type (Enter or a comma adds what is typed, Backspace in the empty field removes the last).
 */
function TagPicker({ tags, onChange }: TagPickerProps) {
  const [text, setText] = useState('')
  const fieldId = useId()
  const hintId = useId()
  const suggestions = useTagSuggestions(text)
  const full = tags.length >= MAX_FILTER_TAGS
  const offered = (suggestions.data?.tags ?? []).filter((row) => !tags.includes(row.tag))

  function add(raw: string): void {
    const tag = cleanTag(raw)
    if (tag && !tags.includes(tag) && !full) onChange([...tags, tag])
    setText('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      if (text.trim()) add(text)
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1))
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">Tags</legend>
      {tags.length > 0 ? (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="inline-flex h-7 items-center gap-1 rounded-full border border-accent/50 bg-accent-soft px-2.5 font-mono text-xs text-accent-text hover:brightness-110"
              >
                #{tag}
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={fieldId} className="sr-only">
        Add a tag
      </label>
      <input
        id={fieldId}
        type="text"
        value={text}
        disabled={full}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={hintId}
        autoComplete="off"
        placeholder={full ? `At most ${MAX_FILTER_TAGS} tags` : 'Type a tag, e.g. docker'}
        className={cn(fieldClasses, 'h-10 border-line font-mono')}
      />
      <p id={hintId} className="text-xs text-muted">
        Posts must carry every tag chosen. Enter adds what you typed.
      </p>
      {/* A fixed height: suggestions arriving or changing never move the fields below. */}
      <div className="h-[4.25rem] overflow-hidden">
        {offered.length > 0 && !full ? (
          <ul aria-label="Suggested tags" className="flex flex-wrap gap-1.5">
            {offered.map((row) => (
              <li key={row.tag}>
                <button
                  type="button"
                  onClick={() => add(row.tag)}
                  aria-label={`Add tag ${row.tag} (${countOf(row.postCount, 'post')})`}
                  className="inline-flex h-7 items-center gap-1 rounded-full border border-line bg-surface-2 px-2.5 font-mono text-xs text-muted hover:border-line-strong hover:text-fg"
                >
                  <Plus aria-hidden="true" className="size-3" />
                  {row.tag}
                  <span className="text-muted/80">{formatCount(row.postCount)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted">
            {suggestions.isPending ? 'Loading tags…' : text.trim() ? 'No popular tag starts with that.' : ''}
          </p>
        )}
      </div>
    </fieldset>
  )
}

export interface FilterPanelProps {
  /** The filters applied now (the panel starts from them). */
  value: BrowseFilters
  onApply: (filters: BrowseFilters) => void
  /** Extra fields shown first (the category, in the phone sheet). */
  children?: React.ReactNode
  className?: string
}

/** The advanced filters as a form: tags, date range, has placeholders / a warning, least score. */
export function FilterPanel({ value, onApply, children, className }: FilterPanelProps) {
  const [draft, setDraft] = useState<BrowseFilters>(value)
  const ids = { from: useId(), to: useId(), score: useId(), rangeError: useId() }
  const reversed = draft.from !== '' && draft.to !== '' && draft.from > draft.to
  const set = (patch: Partial<BrowseFilters>) => setDraft((current) => ({ ...current, ...patch }))

  function submit(event: FormEvent): void {
    event.preventDefault()
    if (!reversed) onApply(draft)
  }

  return (
    <form aria-label="Advanced filters" onSubmit={submit} className={cn('flex flex-col gap-4', className)}>
      {children}
      <TagPicker tags={draft.tags} onChange={(tags) => set({ tags })} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-fg">Posted between (UTC)</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={ids.from} className="text-xs text-muted">
              From
            </label>
            <input
              id={ids.from}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => set({ from: event.target.value })}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? ids.rangeError : undefined}
              className={cn(fieldClasses, 'h-10 border-line px-2')}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={ids.to} className="text-xs text-muted">
              To
            </label>
            <input
              id={ids.to}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => set({ to: event.target.value })}
              aria-invalid={reversed || undefined}
              aria-describedby={reversed ? ids.rangeError : undefined}
              className={cn(fieldClasses, 'h-10 border-line px-2')}
            />
          </div>
        </div>
        {reversed ? (
          <p id={ids.rangeError} className="text-xs font-medium text-danger">
            The end date is before the start date.
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2.5">
        <legend className="mb-1.5 text-sm font-medium text-fg">Command</legend>
        <Checkbox
          label="Has placeholders to fill in"
          checked={draft.hasPlaceholders}
          onChange={(event) => set({ hasPlaceholders: event.target.checked })}
        />
        <Checkbox
          label="Has a safety warning"
          checked={draft.hasWarning}
          onChange={(event) => set({ hasWarning: event.target.checked })}
        />
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.score} className="text-sm font-medium text-fg">
          Minimum score
        </label>
        <input
          id={ids.score}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft.minScore ?? ''}
          placeholder="Any"
          onChange={(event) => {
            const score = Number.parseInt(event.target.value, 10)
            set({ minScore: Number.isInteger(score) && score >= 0 ? score : null })
          }}
          className={cn(fieldClasses, 'h-10 w-32 border-line')}
        />
        <p className="text-xs text-muted">Upvotes minus downvotes.</p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1" disabled={reversed}>
          Apply filters
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => {
            setDraft(NO_FILTERS)
            onApply(NO_FILTERS)
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  )
}

/** One removable chip per applied filter. */
export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: BrowseFilters
  onChange: (filters: BrowseFilters) => void
}) {
  const chips: Array<{ key: string; label: string; without: Partial<BrowseFilters> }> = [
    ...filters.tags.map((tag) => ({
      key: `tag:${tag}`,
      label: `#${tag}`,
      without: { tags: filters.tags.filter((other) => other !== tag) },
    })),
    ...(filters.from ? [{ key: 'from', label: `From ${filters.from}`, without: { from: '' } }] : []),
    ...(filters.to ? [{ key: 'to', label: `To ${filters.to}`, without: { to: '' } }] : []),
    ...(filters.hasPlaceholders
      ? [{ key: 'placeholders', label: 'Has placeholders', without: { hasPlaceholders: false } }]
      : []),
    ...(filters.hasWarning
      ? [{ key: 'warning', label: 'Safety warning', without: { hasWarning: false } }]
      : []),
    ...(filters.minScore !== null
      ? [{ key: 'score', label: `Score ≥ ${filters.minScore}`, without: { minScore: null } }]
      : []),
  ]
  if (chips.length === 0) return null
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-1.5">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange({ ...filters, ...chip.without })}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex h-7 items-center gap-1 rounded-full border border-accent/50 bg-accent-soft px-2.5 text-xs font-medium text-accent-text hover:brightness-110"
          >
            {chip.label}
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => onChange(NO_FILTERS)}
          className="h-7 rounded px-2 text-xs text-muted underline-offset-2 hover:text-fg hover:underline"
        >
          Clear all
        </button>
      </li>
    </ul>
  )
}
