import type { ExportFormat } from '@bashboard/server/contract'
import { ChevronDown, Download } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Spinner } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { downloadExport, EXPORT_CHOICES, exportPath } from '../download'

export interface ExportMenuProps {
  /** A collection, or everything the caller saved. */
  target: { collectionId: string } | 'saved'
  /** The file name (without extension) used if the server does not send one. */
  baseName: string
  /** The button's text ("Export", "Export all saved"). */
  label?: string
  /** Which edge the menu lines up with: 'end' for a button at the right of its row (from `sm` up). */
  align?: 'start' | 'end'
  className?: string
}

const EXTENSIONS: Record<ExportFormat, string> = { navi: 'cheat', tldr: 'md', json: 'json' }

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
}

/**
 * The Export menu button (WAI-ARIA menu button pattern: arrow keys move, Escape closes and returns
 * focus): navi `.cheat`, tldr Markdown or JSON, each downloaded as a file.
 */
export function ExportMenu({
  target,
  baseName,
  label = 'Export',
  align = 'start',
  className,
}: ExportMenuProps) {
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    menuItems(menuRef.current)[0]?.focus()
    const onPointerDown = (event: PointerEvent): void => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function close(returnFocus: boolean): void {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  async function pick(format: ExportFormat): Promise<void> {
    close(true)
    setBusy(true)
    try {
      const name = await downloadExport(exportPath(target, format), `${baseName}.${EXTENSIONS[format]}`)
      toast({ title: 'Export ready', message: `Downloaded ${name}.`, variant: 'success' })
    } catch (error) {
      toast({
        title: 'Export failed',
        message: error instanceof Error ? error.message : 'Failed to export. Please try again.',
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const list = menuItems(menuRef.current)
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (next: number): void => list[(next + list.length) % list.length]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1)
        break
      case 'ArrowUp':
        focusAt(index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(list.length - 1)
        break
      case 'Escape':
        close(true)
        break
      case 'Tab':
        close(false)
        return
      default:
        return
    }
    event.preventDefault()
  }

  return (
    <div ref={containerRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className={buttonClasses('secondary', 'sm')}
      >
        {busy ? <Spinner size="sm" /> : <Download aria-hidden="true" className="size-4" />}
        {label}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          tabIndex={-1}
          aria-label={`${label} as`}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-40 mt-2 flex w-60 flex-col rounded-lg border border-line-strong bg-surface p-1.5 shadow-panel',
            // On a phone the button sits at the left of its wrapped row, so the menu opens rightwards.
            align === 'start' ? 'left-0' : 'left-0 sm:right-0 sm:left-auto',
          )}
        >
          {EXPORT_CHOICES.map((choice) => (
            <button
              key={choice.format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => void pick(choice.format)}
              className="flex w-full items-center justify-between gap-3 rounded-md px-2.5 py-2 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
            >
              {choice.label}
              <span className="font-mono text-xs text-muted">{choice.hint}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
