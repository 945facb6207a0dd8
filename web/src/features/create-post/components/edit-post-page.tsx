import type { PostCard } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { Loading } from '../../../components/ui/spinner'
import { canDeleteAs, useCurrentUser } from '../../../lib/use-current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { categoriesQueryOptions } from '../queries'
import { PostFormFrame } from './post-form-frame'

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
  // Started here, not only in the frame, so the categories load while the signed-in user resolves.
  useQuery(categoriesQueryOptions())
  if (!user) return <Loading label="Loading..." className="py-24" />
  if (!canDeleteAs(user, post.author._id)) return <NotYours post={post} />
  return (
    <PostFormFrame
      prompt="bashboard post --edit"
      heading="Edit Post"
      lead="The same rules as a new post apply: the title and the command must stay unique."
      editing={post}
    />
  )
}
