import { DONATE_URL } from '../../components/layout/nav-items'
import { buttonClasses } from '../../components/ui/button-classes'
import { HeartIcon } from '../../components/ui/frame-icons'
import { cn } from '../../lib/cn'
import type { ShellLinkProps } from './header-link-props'

/** Donate, opening the donation page in a new tab. */
export function DonateLink({ compact, onNavigate, className }: ShellLinkProps) {
  return (
    <a
      href={DONATE_URL}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onNavigate}
      className={cn(
        buttonClasses('ghost', 'sm'),
        'shrink-0 text-fg whitespace-nowrap',
        compact && 'px-2 xl:px-3',
        className,
      )}
    >
      <HeartIcon className="size-4 text-danger" />
      <span className={compact ? 'max-xl:sr-only' : undefined}>Donate</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
