import { useQuery } from '@tanstack/react-query'
import { Info, SquareTerminal } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Loading } from '../../../components/ui/spinner'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { categoriesQueryOptions } from '../api'
import { CreatePostForm } from './create-post-form'

/** The /create-post screen: categories load first, then the form. */
export function CreatePostPage() {
  useDocumentTitle('Create Post')
  const categories = useQuery(categoriesQueryOptions())
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 pb-16">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
          <SquareTerminal aria-hidden="true" className="size-4" />
          bashboard post --new
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Create a New Post</h1>
        <p className="text-sm text-muted">Share a Linux command that helps you, and explain how it works.</p>
      </header>

      <div className="flex gap-3 rounded-lg border border-line bg-surface-2/60 p-4 text-sm text-muted">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
        <p>
          Each title and each command must be unique: a post that repeats an existing title or command is
          refused.
        </p>
      </div>

      <Card className="p-5 sm:p-8">
        {categories.isPending ? (
          <Loading label="Loading categories..." />
        ) : categories.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 py-10 text-center text-sm text-danger"
          >
            Failed to load website data.
            <Button variant="secondary" size="sm" onClick={() => void categories.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <CreatePostForm categories={categories.data} />
        )}
      </Card>
    </div>
  )
}
