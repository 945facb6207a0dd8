import type { PostCard } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { SquareTerminal } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Loading } from '../../../components/ui/spinner'
import { categoriesQueryOptions } from '../queries'
import { CreatePostForm } from './create-post-form'

interface PostFormFrameProps {
  /** The terminal-style line above the heading. */
  prompt: string
  heading: string
  lead: string
  /** Shown between the header and the form. */
  notice?: ReactNode
  /** The post being edited; absent for a new post. */
  editing?: PostCard
}

/**
 * The page around the post form, shared by creating and editing a post: the header, then the form once
 * the categories it offers have loaded (with a retry when they cannot).
 */
export function PostFormFrame({ prompt, heading, lead, notice, editing }: PostFormFrameProps) {
  const categories = useQuery(categoriesQueryOptions())
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 pb-16">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
          <SquareTerminal aria-hidden="true" className="size-4" />
          {prompt}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{heading}</h1>
        <p className="text-sm text-muted">{lead}</p>
      </header>
      {notice}
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
          <CreatePostForm categories={categories.data} editing={editing} />
        )}
      </Card>
    </div>
  )
}
