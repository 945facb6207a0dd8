import type { ProfileHeader } from '@bashboard/server/contract'
import { Link } from '@tanstack/react-router'
import { Plus, Sparkles } from 'lucide-react'
import { buttonClasses } from '../../components/ui/button-classes'
import { cn } from '../../lib/cn'
import { canCreatePosts } from '../../lib/current-user'
import type { ShellLinkProps } from './header-link-props'

/** Create Post for those who may post, Become Contributor for everyone else signed in. */
export function ContributionLink({
  user,
  compact,
  onNavigate,
  className,
}: ShellLinkProps & { user: ProfileHeader }) {
  // Contributors and moderators may post; everyone else is invited to apply.
  const create = canCreatePosts(user)
  const Icon = create ? Plus : Sparkles
  const label = create ? 'Create Post' : 'Become Contributor'
  return (
    <Link
      to={create ? '/create-post' : '/application'}
      onClick={onNavigate}
      className={cn(
        buttonClasses(create ? 'primary' : 'secondary', 'sm'),
        // One line always: since the bell joined the header, "Become Contributor" wrapped at 1280 px.
        'shrink-0 whitespace-nowrap',
        compact && 'px-2 xl:px-3',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {/* max-xl:sr-only rather than xl:not-sr-only, which would set white-space back to normal. */}
      <span className={compact ? 'max-xl:sr-only' : undefined}>{label}</span>
    </Link>
  )
}
