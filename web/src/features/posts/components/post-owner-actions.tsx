import type { PostCard } from '@bashboard/server/contract'
import { Link, useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useToast } from '../../../components/ui/toast'
import { canDeleteAs, useCurrentUser } from '../../../lib/use-current-user'
import { useDeletePost } from '../api'

function DeletePostDialog({ post, onClose }: { post: PostCard; onClose: () => void }) {
  const deletePost = useDeletePost()
  const toast = useToast()
  const navigate = useNavigate()
  return (
    <ConfirmDialog
      title="Delete this post?"
      description={
        <>
          <span className="font-medium break-words text-fg">{post.title || 'Untitled Post'}</span> goes with
          its votes, comments and the points it earned. This cannot be undone.
        </>
      }
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete post
        </>
      }
      busy={deletePost.isPending}
      onClose={onClose}
      onConfirm={() =>
        deletePost.mutate(post._id, {
          onSuccess: () => {
            toast({ title: 'Post deleted', message: post.title, variant: 'success' })
            void navigate({ to: '/browse' })
          },
          onError: (error) => {
            toast({ title: 'Delete failed', message: error.message, variant: 'destructive' })
            onClose()
          },
        })
      }
    />
  )
}

/**
 * Edit and Delete on a post's page, for its author and moderators only (the server checks again).
 * Edit opens the create form filled with the post; Delete asks first.
 */
export function PostOwnerActions({ post }: { post: PostCard }) {
  const { user } = useCurrentUser()
  const [deleting, setDeleting] = useState(false)
  if (!canDeleteAs(user, post.author._id)) return null
  return (
    <div className="flex flex-wrap gap-2">
      <Link to="/post/$slug/edit" params={{ slug: post.slug }} className={buttonClasses('secondary', 'sm')}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Link>
      <Button variant="ghost" size="sm" onClick={() => setDeleting(true)} className="text-danger">
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
      {deleting ? <DeletePostDialog post={post} onClose={() => setDeleting(false)} /> : null}
    </div>
  )
}
