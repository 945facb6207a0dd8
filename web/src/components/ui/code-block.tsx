import { Check, Copy } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { cn } from '../../lib/cn'
import { useToast } from './toast'

export interface CodeBlockProps {
  /** The command exactly as it should be copied (no prompt). */
  command: string
  /** The glyph drawn before each line; never copied. */
  prompt?: string
  /**
   * Draws the text of line `index` of `command` (e.g. with parts marked); the plain line by default.
   * Only how it looks changes: Copy always copies `command`.
   */
  renderLine?: (line: string, index: number) => ReactNode
  /** Wraps long lines instead of scrolling them sideways, so every part stays in view (filled commands). */
  wrap?: boolean
  className?: string
}

/** A command in a terminal-style block with a prompt glyph and a one-click copy button. */
export function CodeBlock({ command, prompt = '$', renderLine, wrap = false, className }: CodeBlockProps) {
  const toast = useToast()
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(command)
      setCopied(true)
      toast({ title: 'Copied!', message: 'Command copied to clipboard.', variant: 'success' })
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
      <pre
        className={cn(
          'min-w-0 flex-1 py-1 font-mono text-sm leading-6',
          wrap ? 'whitespace-pre-wrap [overflow-wrap:anywhere]' : 'overflow-x-auto',
        )}
      >
        <code>
          {lines.map((line, index) => (
            // Lines of one command never reorder, so the index is a stable key. A wrapped line
            // continues under the text, not under the prompt glyph.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className={cn('block', wrap && 'pl-5 -indent-5')}>
              <span aria-hidden="true" className="mr-3 text-[#4ade80] select-none">
                {prompt}
              </span>
              {renderLine ? renderLine(line, index) : line}
            </span>
          ))}
        </code>
      </pre>
      <button
        type="button"
        onClick={copy}
        aria-label={copied ? 'Copied' : 'Copy command'}
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
