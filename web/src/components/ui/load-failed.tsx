import { RotateCcw } from 'lucide-react'
import { Button } from './button'

export interface LoadFailedProps {
  /** What could not be loaded, as a sentence. */
  message: string
  onRetry: () => void
  retrying: boolean
}

/** An inline "this part of the page failed to load" panel with a Retry button. */
export function LoadFailed({ message, onRetry, retrying }: LoadFailedProps) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-danger/50 bg-danger-soft p-5">
      <p className="text-sm text-fg">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Retry
      </Button>
    </div>
  )
}
