import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { RotateCcw } from 'lucide-react'
import { useDocumentTitle } from '../../lib/use-document-title'
import { Button } from '../ui/button'
import { buttonClasses } from '../ui/button-classes'

/** Shown when a route fails to load or render; retrying re-runs the route's loaders. */
export function ErrorPage({ error }: ErrorComponentProps) {
  useDocumentTitle('Something went wrong')
  const router = useRouter()
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-5 py-16 text-center">
      <p className="font-mono text-sm font-semibold text-danger">exit code 1</p>
      <h1 className="text-3xl font-semibold tracking-tight text-fg">Something went wrong</h1>
      <p className="text-muted">
        {error instanceof Error && error.message ? error.message : 'Please try again.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => void router.invalidate()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
        <Link to="/" className={buttonClasses('secondary', 'md')}>
          Go Home
        </Link>
      </div>
    </div>
  )
}
