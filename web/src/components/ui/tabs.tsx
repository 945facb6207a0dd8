import { type ComponentType, type KeyboardEvent, type SVGProps, useRef } from 'react'
import { cn } from '../../lib/cn'

/** One tab of a tab list. */
export interface TabItem<T extends string> {
  id: T
  label: string
  icon?: ComponentType<SVGProps<SVGSVGElement>>
  /** A count shown in a small pill after the label. */
  count?: number
}

export interface TabListProps<T extends string> {
  /** The tab list's accessible name ("Profile sections"). */
  label: string
  tabs: readonly TabItem<T>[]
  active: T
  onChange: (id: T) => void
  /** Prefix of the tabs' ids: tab `x` gets id `<prefix>-tab-x`. */
  idPrefix: string
  /** The id of the panel a tab controls; defaults to `<prefix>-panel-<id>`. */
  panelId?: (id: T) => string
  /** 'underline': a row of tabs over a rule; 'segmented': buttons in a rounded well. */
  variant: 'underline' | 'segmented'
  className?: string
  tabClassName?: string
}

/** The id of the tab element of `id`, for a panel's aria-labelledby. */
export function tabElementId(idPrefix: string, id: string): string {
  return `${idPrefix}-tab-${id}`
}

const variants = {
  // The rule is an inset shadow, not a border, so the list can scroll sideways on a phone without
  // clipping the selected tab's underline (which would need a negative margin over a border).
  underline: {
    list: 'flex gap-x-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-line)]',
    tab: 'flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
    selected: 'border-accent text-fg',
    idle: 'border-transparent text-muted hover:text-fg',
  },
  segmented: {
    list: 'inline-flex rounded-lg border border-line bg-surface-2 p-1',
    tab: 'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
    selected: 'bg-surface text-fg shadow-sm',
    idle: 'text-muted hover:text-fg',
  },
} as const

/**
 * A WAI-ARIA tab list: one tab in the Tab order, arrow keys move and select (wrapping), Home and End go
 * to the ends. The caller renders the panel (role="tabpanel", labelled by `tabElementId`).
 */
export function TabList<T extends string>({
  label,
  tabs,
  active,
  onChange,
  idPrefix,
  panelId,
  variant,
  className,
  tabClassName,
}: TabListProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const styles = variants[variant]

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.findIndex((tab) => tab.id === active)
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const tab = tabs[next]
    if (!tab) return
    event.preventDefault()
    onChange(tab.id)
    buttons.current[next]?.focus()
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={cn(styles.list, className)}>
      {tabs.map((tab, index) => {
        const selected = tab.id === active
        const Icon = tab.icon
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={tabElementId(idPrefix, tab.id)}
            aria-selected={selected}
            aria-controls={panelId ? panelId(tab.id) : `${idPrefix}-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(styles.tab, selected ? styles.selected : styles.idle, tabClassName)}
          >
            {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
            {tab.label}
            {tab.count !== undefined ? (
              <span className="rounded-full bg-surface-3 px-1.5 font-mono text-[11px] text-muted tabular-nums">
                {tab.count}
              </span>
            ) : null}
          </button>
        )
      })}
    </div>
  )
}
