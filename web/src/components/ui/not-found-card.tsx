import { FileQuestion } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from './card'

export interface NotFoundCardProps {
  title: string
  message: string
  /** The way out, usually a link back to the list. */
  action: ReactNode
}

/** The page body for a post or article that does not exist (or no longer does). */
export function NotFoundCard({ title, message, action }: NotFoundCardProps) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
      <FileQuestion aria-hidden="true" className="size-10 text-muted" />
      <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
      <p className="text-sm text-muted">{message}</p>
      {action}
    </Card>
  )
}
