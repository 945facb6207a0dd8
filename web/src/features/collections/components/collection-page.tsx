import type { CollectionDetail, PostCard } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Eye, EyeOff, FolderOpen, Pencil, Trash2, X } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Avatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadFailed } from '../../../components/ui/load-failed'
import { NotFoundCard } from '../../../components/ui/not-found-card'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { formatDay } from '../../../lib/format-day'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { PostTopic, useLiveTopic } from '../../../live/live-provider'
import {
  collectionPageQueryOptions,
  movedIds,
  useDeleteCollection,
  useRemoveFromCollection,
  useReorderCollection,
  useUpdateCollection,
} from '../api'
import { CollectionForm } from './collection-form'
import { CollectionPageLoading } from './collection-page-loading'
import { CollectionPostCard } from './collection-post-card'
import { ExportMenu } from './export-menu'
import { ReorderControls } from './reorder-controls'
import { VisibilityBadge } from './visibility-badge'

export interface CollectionPageProps {
  username: string
  slug: string
  /** The bookmark of each card (the posts feature's Save toggle), composed by the route. */
  renderSave?: (post: PostCard) => ReactNode
}

function CollectionNotFound() {
  useDocumentTitle('Collection not found')
  return (
    <NotFoundCard
      title="Collection not found"
      message="This collection doesn't exist, was deleted, or is private."
      action={
        <Link to="/browse" className={buttonClasses('primary', 'md')}>
          Browse Commands
        </Link>
      }
    />
  )
}

function DeleteCollectionDialog({
  collection,
  onClose,
}: {
  collection: CollectionDetail
  onClose: () => void
}) {
  const remove = useDeleteCollection(collection)
  const toast = useToast()
  const navigate = useNavigate()
  return (
    <ConfirmDialog
      title="Delete this collection?"
      description={
        <>
          <span className="font-medium text-fg">{collection.name}</span> and its order will be gone for good,
          and its link will stop working. The commands in it stay in your Saved list.
        </>
      }
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete collection
        </>
      }
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            toast({ title: 'Collection deleted', message: collection.name, variant: 'success' })
            void navigate({ to: '/profile', search: { tab: 'collections' } })
          },
          onError: (error) =>
            toast({ title: 'Delete failed', message: error.message, variant: 'destructive' }),
        })
      }
    />
  )
}

function OwnerActions({
  collection,
  onEdit,
  onDelete,
}: {
  collection: CollectionDetail
  onEdit: () => void
  onDelete: () => void
}) {
  const update = useUpdateCollection(collection._id)
  const toast = useToast()
  const next = !collection.public
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit details
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { public: next },
            {
              onSuccess: () =>
                toast({
                  title: next ? 'Collection is now public' : 'Collection is now private',
                  message: next ? 'Anyone with the link can see it.' : 'Only you can see it.',
                  variant: 'success',
                }),
              onError: (error) =>
                toast({ title: 'Update failed', message: error.message, variant: 'destructive' }),
            },
          )
        }
      >
        {next ? (
          <Eye aria-hidden="true" className="size-4" />
        ) : (
          <EyeOff aria-hidden="true" className="size-4" />
        )}
        {next ? 'Make public' : 'Make private'}
      </Button>
      <button
        type="button"
        onClick={onDelete}
        aria-haspopup="dialog"
        className="inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-danger transition-colors hover:bg-danger-soft"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </button>
    </>
  )
}

function EditDetails({ collection, onDone }: { collection: CollectionDetail; onDone: () => void }) {
  const update = useUpdateCollection(collection._id)
  const toast = useToast()
  return (
    <CollectionForm
      label="Edit collection"
      autoFocus
      initial={{ name: collection.name, description: collection.description, public: collection.public }}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      onCancel={onDone}
      onSubmit={async (values) => {
        await update.mutateAsync(values)
        toast({ title: 'Collection updated', variant: 'success' })
        onDone()
      }}
    />
  )
}

function CollectionHeader({ collection }: { collection: CollectionDetail }) {
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const count = collection.posts.length
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      {editing ? (
        <div className="flex flex-col gap-3">
          <h1 className="text-xl font-semibold tracking-tight text-fg">Edit collection</h1>
          <EditDetails collection={collection} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <p className="flex items-center gap-1.5 font-mono text-xs text-muted">
              <FolderOpen aria-hidden="true" className="size-3.5 text-accent-text" />
              collection
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">
                {collection.name}
              </h1>
              <VisibilityBadge isPublic={collection.public} />
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <Link
                to="/u/$username"
                params={{ username: collection.owner.username }}
                className="group inline-flex items-center gap-2 rounded-md"
              >
                <Avatar name={collection.owner.username} src={collection.owner.avatar} size="sm" />
                <span>
                  by{' '}
                  <span className="font-medium text-fg group-hover:text-accent-text group-hover:underline group-hover:underline-offset-4">
                    {collection.owner.username}
                  </span>
                </span>
              </Link>
              <span className="font-mono">{countOf(count, 'command')}</span>
              <span>
                updated <time dateTime={collection.updatedAt}>{formatDay(collection.updatedAt)}</time>
              </span>
            </p>
          </div>
          {collection.description ? (
            <p className="text-sm whitespace-pre-line break-words text-fg/90">{collection.description}</p>
          ) : collection.isOwner ? (
            <p className="text-sm text-muted">No description yet.</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
            <ExportMenu target={{ collectionId: collection._id }} baseName={collection.slug} />
            {collection.isOwner ? (
              <OwnerActions
                collection={collection}
                onEdit={() => setEditing(true)}
                onDelete={() => setDeleting(true)}
              />
            ) : null}
          </div>
        </>
      )}
      {deleting ? (
        <DeleteCollectionDialog collection={collection} onClose={() => setDeleting(false)} />
      ) : null}
    </Card>
  )
}

/**
 * Where focus goes after a move: the moved card's button for the same direction, if it still can move
 * that way. Moving a card moves its DOM node, which drops the focus, so it is put back once the card is
 * at its new place (`index`).
 */
interface PendingFocus {
  postId: string
  direction: 'up' | 'down'
  index: number
}

function CollectionPosts({
  collection,
  renderSave,
}: {
  collection: CollectionDetail
  renderSave?: CollectionPageProps['renderSave']
}) {
  const reorder = useReorderCollection(collection)
  const remove = useRemoveFromCollection(collection)
  const listRef = useRef<HTMLOListElement>(null)
  const [pendingFocus, setPendingFocus] = useState<PendingFocus | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const { posts, isOwner } = collection

  useEffect(() => {
    if (!pendingFocus) return
    // The optimistic order lands a moment after the press; wait for it.
    if (posts[pendingFocus.index]?._id !== pendingFocus.postId) return
    const card = listRef.current?.querySelector(`[data-post-id="${pendingFocus.postId}"]`)
    const same = card?.querySelector<HTMLButtonElement>(`[data-move="${pendingFocus.direction}"]`)
    const other = card?.querySelector<HTMLButtonElement>(
      `[data-move="${pendingFocus.direction === 'up' ? 'down' : 'up'}"]`,
    )
    const target = same && !same.disabled ? same : other
    target?.focus()
    setPendingFocus(null)
  }, [pendingFocus, posts])

  function move(index: number, offset: -1 | 1): void {
    const ids = posts.map((post) => post._id)
    const next = movedIds(ids, index, offset)
    const post = posts[index]
    if (next === ids || !post) return
    reorder.mutate(next)
    setPendingFocus({ postId: post._id, direction: offset === -1 ? 'up' : 'down', index: index + offset })
    setAnnouncement(
      `${post.title || 'Untitled Post'} moved to position ${index + offset + 1} of ${posts.length}.`,
    )
  }

  if (posts.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line-strong px-4 py-12 text-center text-sm text-muted">
        {isOwner
          ? 'This collection is empty. Open any command and press "Save to collection…" to add it here.'
          : 'Nothing in this collection yet.'}
      </p>
    )
  }
  return (
    <>
      <ol ref={listRef} aria-label="Commands in this collection" className="flex flex-col gap-3">
        {posts.map((post, index) => {
          const title = post.title || 'Untitled Post'
          return (
            <li key={post._id} data-post-id={post._id} className="flex min-w-0">
              <PostTopic postId={post._id} />
              <CollectionPostCard
                post={post}
                position={index + 1}
                className="w-full"
                save={renderSave?.(post)}
                controls={
                  isOwner ? (
                    <>
                      <ReorderControls
                        title={title}
                        index={index}
                        count={posts.length}
                        onMove={(offset) => move(index, offset)}
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${title} from this collection`}
                        onClick={() => remove.mutate(post._id)}
                      >
                        <X aria-hidden="true" className="size-4" />
                        Remove
                      </Button>
                    </>
                  ) : null
                }
              />
            </li>
          )
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  )
}

/**
 * A collection's public page (`/c/<username>/<slug>`): its name, owner, description and commands in the
 * owner's order. The owner also gets the management controls: edit, public or private, reorder, remove,
 * delete. A private collection of someone else is "not found", the same answer as a missing one.
 */
export function CollectionPage({ username, slug, renderSave }: CollectionPageProps) {
  const query = useQuery(collectionPageQueryOptions(username, slug))
  // A post deleted while the page is open is dropped from it (`post.deleted` comes on `posts`).
  useLiveTopic('posts')
  const notFound = query.error instanceof ApiError && query.error.status === 404
  useDocumentTitle(query.data ? query.data.name : 'Collection')

  if (notFound) return <CollectionNotFound />
  if (!query.data) {
    if (query.isError)
      return (
        <div className="mx-auto max-w-3xl">
          <LoadFailed
            message="The collection could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )
    return <CollectionPageLoading />
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <CollectionHeader collection={query.data} />
      <CollectionPosts collection={query.data} renderSave={renderSave} />
    </div>
  )
}
