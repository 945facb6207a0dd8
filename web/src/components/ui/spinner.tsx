import { cn } from '../../lib/cn'

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg'
  className?: string
}

const dimensions = { sm: 'size-4', md: 'size-5', lg: 'size-8' }

/** A spinning ring; decorative, so pair it with text (see Loading). */
export function Spinner({ size = 'md', className }: SpinnerProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={cn('animate-spin text-current', dimensions[size], className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

export interface LoadingProps {
  /** The text read out and shown next to the spinner, e.g. "Loading Bashboard...". */
  label: string
  className?: string
}

/** A labelled loading state, announced politely to screen readers. */
export function Loading({ label, className }: LoadingProps) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 py-12 font-mono text-sm text-muted', className)}
    >
      <Spinner className="text-accent-text" />
      <span>{label}</span>
    </div>
  )
}
