import { Link } from '@tanstack/react-router'
import { House, ShieldAlert } from 'lucide-react'
import { useDocumentTitle } from '../../lib/use-document-title'
import { buttonClasses } from '../ui/button'
import { InternalLink } from '../ui/internal-link'

export interface ForbiddenPageProps {
  /** What the visitor tried to open, e.g. "the moderation console". */
  area?: string
}

/**
 * Shown to a signed-in user who opens a page their role does not allow (403). Guests never see it: they
 * are sent to the login page instead, since signing in may be all they need.
 */
export function ForbiddenPage({ area = 'this page' }: ForbiddenPageProps) {
  useDocumentTitle('Access Denied')
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-8 py-10 text-center sm:py-16">
      <div className="flex flex-col items-center gap-3">
        <p className="font-mono text-sm font-semibold text-danger">exit code 403</p>
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Access Denied</h1>
        <p className="max-w-md text-muted">
          Your account does not have permission to open {area}. If you think it should, ask a moderator.
        </p>
      </div>

      <div className="w-full overflow-hidden rounded-xl border border-line bg-terminal text-left shadow-panel">
        <div className="flex items-center gap-1.5 border-b border-white/10 px-4 py-2.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-[#f87171]/80" />
          <span className="size-2.5 rounded-full bg-[#fbbf24]/80" />
          <span className="size-2.5 rounded-full bg-[#4ade80]/80" />
          <span className="ml-2 font-mono text-xs text-[#8da197]">bash</span>
        </div>
        <pre className="p-4 font-mono text-sm leading-7 break-all whitespace-pre-wrap text-[#d8f5e3] sm:p-5">
          <code>
            <span className="block">
              <span className="text-[#4ade80] select-none">$ </span>sudo -u moderator open {area}
            </span>
            <span className="block text-[#fca5a5]">
              sudo: you are not in the sudoers file. This incident will be reported.
            </span>
          </code>
        </pre>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <House aria-hidden="true" className="size-4" />
          Go Home
        </Link>
        <InternalLink href="/moderators" className={buttonClasses('secondary', 'md')}>
          <ShieldAlert aria-hidden="true" className="size-4" />
          About moderators
        </InternalLink>
      </div>
    </div>
  )
}
