import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { ArrowLeft, LifeBuoy, Search } from 'lucide-react'
import { useDocumentTitle } from '../../lib/use-document-title'
import { buttonClasses } from '../ui/button-classes'
import { TerminalErrorFrame, TerminalPrompt } from './terminal-error-frame'

/** Any unknown path: a terminal telling you the directory does not exist, and ways out. */
export function NotFoundPage() {
  useDocumentTitle('Command Not Found')
  const { pathname } = useLocation()
  const router = useRouter()
  return (
    <TerminalErrorFrame
      code="404"
      codeClassName="text-accent-text"
      title="Command Not Found"
      description="The page you asked for isn't here. It may have moved, or the link may be mistyped."
      terminal={
        <>
          <span className="block">
            <TerminalPrompt />
            cd {pathname}
          </span>
          <span className="block text-[#fca5a5]">bash: cd: {pathname}: No such file or directory</span>
          <span className="block">
            <TerminalPrompt />
            <span
              aria-hidden="true"
              className="inline-block h-4 w-2 translate-y-0.5 animate-blink bg-[#d8f5e3]"
            />
          </span>
        </>
      }
      actions={
        <>
          <Link to="/browse" className={buttonClasses('secondary', 'md')}>
            <Search aria-hidden="true" className="size-4" />
            Browse Commands
          </Link>
          <button
            type="button"
            onClick={() => router.history.back()}
            className={buttonClasses('ghost', 'md')}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Go Back
          </button>
        </>
      }
      footer={
        <p className="text-sm text-muted">
          Think something is broken?{' '}
          <Link
            to="/contact"
            className="inline-flex items-center gap-1 font-medium text-accent-text underline-offset-4 hover:underline"
          >
            <LifeBuoy aria-hidden="true" className="size-3.5" />
            Contact support
          </Link>
        </p>
      }
    />
  )
}
