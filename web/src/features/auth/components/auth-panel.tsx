import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/card'

export interface AuthPanelProps {
  /** The shell command shown above the heading, e.g. "bashboard login". */
  command: string
  title: string
  subtitle: string
  children: ReactNode
  footer: ReactNode
}

/** The framed, centred layout shared by the login and register screens. */
export function AuthPanel({ command, title, subtitle, children, footer }: AuthPanelProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-6 sm:py-12">
      <Card className="overflow-hidden">
        <div className="flex items-center gap-2 border-b border-line bg-surface-2 px-5 py-2.5">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-line-strong" />
            <span className="size-2.5 rounded-full bg-line-strong" />
            <span className="size-2.5 rounded-full bg-line-strong" />
          </span>
          <p className="ml-2 truncate font-mono text-xs text-muted">
            <span aria-hidden="true" className="text-accent-text">
              ${' '}
            </span>
            {command}
          </p>
        </div>
        <div className="flex flex-col gap-6 p-5 sm:p-8">
          <div className="flex flex-col gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            <p className="text-sm text-muted">{subtitle}</p>
          </div>
          {children}
        </div>
      </Card>
      <p className="text-center text-sm text-muted">{footer}</p>
    </div>
  )
}
