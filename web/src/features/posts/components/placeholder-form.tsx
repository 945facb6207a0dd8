import { RotateCcw } from 'lucide-react'
import { type FormEvent, useId, useRef } from 'react'
import { Button } from '../../../components/ui/button'
import { fieldClasses } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import type { FilledSegment, PlaceholderFill } from './placeholder-fill'

/**
 * One line of a filled-in command for the code block: typed values stand out, and placeholders still
 * unfilled are marked so the reader sees what is left before running it.
 */
export function FilledCommandLine({ segments }: { segments: FilledSegment[] }) {
  return segments.map((segment, index) => {
    // Segments of a line never reorder, so the index is a stable key.
    const key = index
    if (segment.kind === 'text') return <span key={key}>{segment.text}</span>
    if (segment.kind === 'filled')
      return (
        <span
          key={key}
          data-placeholder={segment.name}
          data-state="filled"
          className="rounded-sm text-[#7dd3fc] underline decoration-[#7dd3fc]/50 decoration-dotted underline-offset-4"
        >
          {segment.text}
        </span>
      )
    return (
      <mark
        key={key}
        data-placeholder={segment.name}
        data-state="unfilled"
        className="rounded-sm bg-[#fbbf24]/15 px-0.5 text-[#fcd34d] outline outline-1 outline-[#fbbf24]/40 outline-dashed"
      >
        {segment.text}
      </mark>
    )
  })
}

/**
 * "Fill placeholders": one labelled field per distinct placeholder name. The code block above shows the
 * command filled in as the reader types, and Copy copies it; Reset empties every field.
 */
export function PlaceholderForm({ fill, className }: { fill: PlaceholderFill; className?: string }) {
  const headingId = useId()
  const fieldId = useId()
  const form = useRef<HTMLFormElement>(null)
  const total = fill.names.length
  if (total === 0) return null

  function reset(): void {
    fill.reset()
    // The Reset button turns disabled; give the focus to the first field rather than lose it.
    form.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  return (
    <form
      ref={form}
      aria-labelledby={headingId}
      // Enter in a field must not reload the page; there is nothing to send.
      onSubmit={(event: FormEvent) => event.preventDefault()}
      className={cn('flex flex-col gap-3 rounded-lg border border-line bg-surface-2/60 p-4', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <h2 id={headingId} className="text-sm font-semibold tracking-tight text-fg">
            Fill placeholders
          </h2>
          <p className="text-xs text-muted" aria-live="polite">
            <span className="font-mono tabular-nums">
              {fill.filledCount}/{total}
            </span>{' '}
            filled. Copy takes the command as shown above.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={reset} disabled={!fill.hasInput} className="shrink-0">
          <RotateCcw aria-hidden="true" className="size-3.5" />
          Reset
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {fill.names.map((name, index) => {
          const id = `${fieldId}-${index}`
          return (
            <div key={name} className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor={id} className="truncate font-mono text-xs text-fg" title={name}>
                {name}
              </label>
              <input
                id={id}
                type="text"
                value={fill.value(name)}
                onChange={(event) => fill.setValue(name, event.target.value)}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                className={cn(fieldClasses, 'h-10 border-line font-mono')}
              />
            </div>
          )
        })}
      </div>
    </form>
  )
}
