import { Link } from '@tanstack/react-router'
import { House } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { buttonClasses } from '../ui/button-classes'

export interface TerminalErrorFrameProps {
  /** The exit code shown above the title ("403", "404"). */
  code: string
  /** Colour of the exit code line: a refusal is danger, a missing page the accent. */
  codeClassName: string
  title: string
  /** The sentence under the title. */
  description: ReactNode
  /** The terminal's lines, each a block element (a prompt line, an error line…). */
  terminal: ReactNode
  /** The buttons under the terminal, after the "Go Home" every error screen offers first. */
  actions: ReactNode
  /** Optional text under the buttons. */
  footer?: ReactNode
}

/** The "$ " prompt of a terminal line, not selectable so a copied line is just the command. */
export function TerminalPrompt() {
  return <span className="text-[#4ade80] select-none">$ </span>
}

/**
 * The layout shared by the error screens (404, 403): exit code, title, a sentence, a fake terminal window
 * replaying what went wrong, and the ways out. The terminal colours are fixed: it stays dark in both themes.
 */
export function TerminalErrorFrame({
  code,
  codeClassName,
  title,
  description,
  terminal,
  actions,
  footer,
}: TerminalErrorFrameProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-8 py-10 text-center sm:py-16">
      <div className="flex flex-col items-center gap-3">
        <p className={cn('font-mono text-sm font-semibold', codeClassName)}>exit code {code}</p>
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">{title}</h1>
        <p className="max-w-md text-muted">{description}</p>
      </div>

      <div className="w-full overflow-hidden rounded-xl border border-line bg-terminal text-left shadow-panel">
        <div className="flex items-center gap-1.5 border-b border-white/10 px-4 py-2.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-[#f87171]/80" />
          <span className="size-2.5 rounded-full bg-[#fbbf24]/80" />
          <span className="size-2.5 rounded-full bg-[#4ade80]/80" />
          <span className="ml-2 font-mono text-xs text-[#8da197]">bash</span>
        </div>
        <pre className="p-4 font-mono text-sm leading-7 break-all whitespace-pre-wrap text-[#d8f5e3] sm:p-5">
          <code>{terminal}</code>
        </pre>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <House aria-hidden="true" className="size-4" />
          Go Home
        </Link>
        {actions}
      </div>
      {footer}
    </div>
  )
}
