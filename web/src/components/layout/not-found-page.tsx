import { Link, useLocation, useRouter } from '@tanstack/react-router'
import { ArrowLeft, House, LifeBuoy, Search } from 'lucide-react'
import { useDocumentTitle } from '../../lib/use-document-title'
import { buttonClasses } from '../ui/button'
import { InternalLink } from '../ui/internal-link'

/** Any unknown path: a terminal telling you the directory does not exist, and ways out. */
export function NotFoundPage() {
  useDocumentTitle('Command Not Found')
  const { pathname } = useLocation()
  const router = useRouter()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-8 py-10 text-center sm:py-16">
      <div className="flex flex-col items-center gap-3">
        <p className="font-mono text-sm font-semibold text-accent-text">exit code 404</p>
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Command Not Found</h1>
        <p className="max-w-md text-muted">
          The page you asked for isn&apos;t here. It may have moved, or the link may be mistyped.
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
              <span className="text-[#4ade80] select-none">$ </span>cd {pathname}
            </span>
            <span className="block text-[#fca5a5]">bash: cd: {pathname}: No such file or directory</span>
            <span className="block">
              <span className="text-[#4ade80] select-none">$ </span>
              <span
                aria-hidden="true"
                className="inline-block h-4 w-2 translate-y-0.5 animate-blink bg-[#d8f5e3]"
              />
            </span>
          </code>
        </pre>
      </div>

      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <House aria-hidden="true" className="size-4" />
          Go Home
        </Link>
        <InternalLink href="/browse" className={buttonClasses('secondary', 'md')}>
          <Search aria-hidden="true" className="size-4" />
          Browse Commands
        </InternalLink>
        <button type="button" onClick={() => router.history.back()} className={buttonClasses('ghost', 'md')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Go Back
        </button>
      </div>
      <p className="text-sm text-muted">
        Think something is broken?{' '}
        <InternalLink
          href="/contact"
          className="inline-flex items-center gap-1 font-medium text-accent-text underline-offset-4 hover:underline"
        >
          <LifeBuoy aria-hidden="true" className="size-3.5" />
          Contact support
        </InternalLink>
      </p>
    </div>
  )
}
