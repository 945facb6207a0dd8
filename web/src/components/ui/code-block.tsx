import { Check, Copy } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { cn } from '../../lib/cn'
import { commandCopiedToast } from './command-copied'
import { useToast } from './toast'

export interface CodeBlockProps {
  /** The command exactly as it should be copied (no prompt). */
  command: string
  /** The glyph drawn before each line; never copied. `null` draws none (code that is not a command). */
  prompt?: string | null
  /** What the block holds, for the copy button's and the scroll group's names ("Copy command"). */
  label?: string
  /**
   * Draws the text of line `index` of `command` (e.g. with parts marked); the plain line by default.
   * Only how it looks changes: Copy always copies `command`.
   */
  renderLine?: (line: string, index: number) => ReactNode
  /** Wraps long lines instead of scrolling them sideways, so every part stays in view (filled commands). */
  wrap?: boolean
  /** The placeholders still as written in `command` (`<file>`): the copy toast names them. */
  unfilled?: readonly string[]
  className?: string
}

/** Which sides of a sideways-scrolling command have more text beyond the edge. */
interface Overflow {
  start: boolean
  end: boolean
}

const noOverflow: Overflow = { start: false, end: false }
/**
 * Follows whether `element` scrolls sideways and how far, so the block can fade the clipped edges and
 * take keyboard focus only when there is something to scroll to.
 */
function useSidewaysOverflow(element: HTMLElement | null, enabled: boolean, content: string): Overflow {
  const [overflow, setOverflow] = useState<Overflow>(noOverflow)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new command changes the width to measure
  useEffect(() => {
    if (!element || !enabled) {
      setOverflow(noOverflow)
      return
    }
    const measure = (): void => {
      const hidden = element.scrollWidth - element.clientWidth
      const next = {
        start: hidden > 1 && element.scrollLeft > 1,
        end: hidden > 1 && element.scrollLeft < hidden - 1,
      }
      setOverflow((current) => (current.start === next.start && current.end === next.end ? current : next))
    }
    element.addEventListener('scroll', measure, { passive: true })
    // The observer's first report comes after the browser's next layout, so a page of cards mounting
    // at once reads no sizes before it: measuring here instead forced a layout of the whole page
    // inside every render that added a card (each slice of a list). Without one (jsdom), measure now.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    if (observer) observer.observe(element)
    else measure()
    return () => {
      element.removeEventListener('scroll', measure)
      observer?.disconnect()
    }
  }, [element, enabled, content])
  return overflow
}

/**
 * A command in a terminal-style block with a prompt glyph and a one-click copy button. A command too long
 * for the block scrolls sideways: its clipped edge fades out, and the block takes focus so the arrow keys
 * scroll it.
 */
export function CodeBlock({
  command,
  prompt = '$',
  label = 'Command',
  renderLine,
  wrap = false,
  unfilled,
  className,
}: CodeBlockProps) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  // State, not a ref: the overflow effect must run again once the element exists.
  const [pre, setPre] = useState<HTMLPreElement | null>(null)
  const overflow = useSidewaysOverflow(pre, !wrap, command)
  const scrolls = overflow.start || overflow.end
  // Only a block that scrolls is a tab stop (a page of short commands would otherwise add one per card).
  const scrollProps = scrolls
    ? {
        tabIndex: 0,
        role: 'group',
        'aria-label': `${label} (scroll sideways with the arrow keys to read it all)`,
        'data-overflow': [overflow.start && 'start', overflow.end && 'end'].filter(Boolean).join(' '),
      }
    : {}

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(command)
      setCopied(true)
      toast(
        label === 'Command'
          ? commandCopiedToast(unfilled)
          : { title: 'Copied!', message: `${label} copied to clipboard.`, variant: 'success' },
      )
    } catch {
      toast({
        title: 'Copy failed',
        message: 'Select the command and copy it by hand.',
        variant: 'destructive',
      })
    }
  }

  const lines = command.split('\n')
  return (
    <div
      className={cn(
        'group relative flex items-start gap-2 rounded-lg border border-line bg-terminal py-3 pr-2 pl-4 text-[#d8f5e3]',
        className,
      )}
    >
      <div className="relative min-w-0 flex-1">
        <pre
          ref={setPre}
          {...scrollProps}
          className={cn(
            // pr-3 keeps the last characters clear of the copy button beside the block.
            'rounded py-1 pr-3 font-mono text-sm leading-6',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            wrap ? 'whitespace-pre-wrap [overflow-wrap:anywhere]' : 'overflow-x-auto',
          )}
        >
          <code>
            {lines.map((line, index) => (
              // Lines of one command never reorder, so the index is a stable key. A wrapped line
              // continues under the text, not under the prompt glyph; without a glyph an empty line
              // would have no height (min-h-6 is the line height).
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className={cn('block', prompt === null ? 'min-h-6' : wrap && 'pl-5 -indent-5')}
              >
                {prompt === null ? null : (
                  <span aria-hidden="true" className="mr-3 text-[#4ade80] select-none">
                    {prompt}
                  </span>
                )}
                {renderLine ? renderLine(line, index) : line}
              </span>
            ))}
          </code>
        </pre>
        {/* Fades over a clipped edge: the command goes on past it. Drawn over the text, not as a mask,
            so the block's focus ring stays visible. */}
        {overflow.start ? (
          <span
            aria-hidden="true"
            data-testid="code-fade-start"
            className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-linear-to-r from-terminal to-transparent"
          />
        ) : null}
        {overflow.end ? (
          <span
            aria-hidden="true"
            data-testid="code-fade-end"
            className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-linear-to-l from-terminal to-transparent"
          />
        ) : null}
      </div>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-[#9fb5aa] hover:bg-white/10 hover:text-white"
      >
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  )
}
