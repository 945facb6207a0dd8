import { Link } from '@tanstack/react-router'
import { ShieldAlert } from 'lucide-react'
import { useDocumentTitle } from '../../lib/use-document-title'
import { buttonClasses } from '../ui/button-classes'
import { TerminalErrorFrame, TerminalPrompt } from './terminal-error-frame'

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
    <TerminalErrorFrame
      code="403"
      codeClassName="text-danger"
      title="Access Denied"
      description={`Your account does not have permission to open ${area}. If you think it should, ask a moderator.`}
      terminal={
        <>
          <span className="block">
            <TerminalPrompt />
            sudo -u moderator open {area}
          </span>
          <span className="block text-[#fca5a5]">
            sudo: you are not in the sudoers file. This incident will be reported.
          </span>
        </>
      }
      actions={
        <Link to="/moderators" className={buttonClasses('secondary', 'md')}>
          <ShieldAlert aria-hidden="true" className="size-4" />
          About moderators
        </Link>
      }
    />
  )
}
