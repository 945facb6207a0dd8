import { ArrowDown, ArrowUp } from 'lucide-react'

export interface ReorderControlsProps {
  /** The post's title, for the buttons' accessible names. */
  title: string
  /** Its place in the list, 0-based. */
  index: number
  count: number
  onMove: (offset: -1 | 1) => void
}

const buttonClasses =
  'inline-flex size-8 items-center justify-center rounded-md border border-line bg-surface-2 text-muted ' +
  'transition-colors hover:border-line-strong hover:text-fg disabled:cursor-not-allowed disabled:opacity-40'

/**
 * Move up and Move down for one item of an ordered list. Plain buttons, so Tab reaches them and Enter or
 * Space moves; the list keeps focus on the moved item's button (see the collection page). Moves are not
 * blocked while one is being saved (a disabled button would drop the keyboard focus): they are queued.
 */
export function ReorderControls({ title, index, count, onMove }: ReorderControlsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; this groups two buttons
    <div role="group" aria-label={`Reorder ${title}`} className="flex items-center gap-1">
      <button
        type="button"
        data-move="up"
        aria-label={`Move ${title} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        className={buttonClasses}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        data-move="down"
        aria-label={`Move ${title} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        className={buttonClasses}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}
