import type { PostCard } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Lock, SquareTerminal } from 'lucide-react'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Loading } from '../../../components/ui/spinner'
import { canDeleteAs, useCurrentUser } from '../../../lib/current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { categoriesQueryOptions } from '../api'
import { CreatePostForm } from './create-post-form'

/** Someone who may not change the post: said plainly, with the way back. */
function NotYours({ post }: { post: PostCard }) {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-14 text-center">
      <Lock aria-hidden="true" className="size-10 text-muted" />
      <h1 className="text-2xl font-semibold tracking-tight text-fg">You can't edit this post</h1>
      <p className="text-sm text-muted">Only its author or a moderator can change it.</p>
      <Link to="/post/$slug" params={{ slug: post.slug }} className={buttonClasses('primary', 'md')}>
        Back to the Post
      </Link>
    </Card>
  )
}

/**
 * The edit screen of a post (`/post/<slug>/edit`): the create form, filled with the post, for its
 * author or a moderator. The route loads the post and hands it here.
 */
export function EditPostPage({ post }: { post: PostCard }) {
  useDocumentTitle(`Edit: ${post.title}`)
  const { user } = useCurrentUser()
  const categories = useQuery(categoriesQueryOptions())
  if (!user) return <Loading label="Loading..." className="py-24" />
  if (!canDeleteAs(user, post.author._id)) return <NotYours post={post} />
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 pb-16">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-mono text-xs text-accent-text">
          <SquareTerminal aria-hidden="true" className="size-4" />
          bashboard post --edit
        </p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Edit Post</h1>
        <p className="text-sm text-muted">
          The same rules as a new post apply: the title and the command must stay unique.
        </p>
      </header>
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
          <CreatePostForm categories={categories.data} editing={post} />
        )}
      </Card>
    </div>
  )
}
