import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '../../lib/cn'
import { useToast } from './toast'

export interface CodeBlockProps {
  /** The command exactly as it should be copied (no prompt). */
  command: string
  /** The glyph drawn before each line; never copied. */
  prompt?: string
  className?: string
}

/** A command in a terminal-style block with a prompt glyph and a one-click copy button. */
export function CodeBlock({ command, prompt = '$', className }: CodeBlockProps) {
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
      <pre className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-sm leading-6">
        <code>
          {lines.map((line, index) => (
            // Lines of one command never reorder, so the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className="block">
              <span aria-hidden="true" className="mr-3 text-[#4ade80] select-none">
                {prompt}
              </span>
              {line}
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
