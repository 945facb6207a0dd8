import type { MyCollection } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowUpRight, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { LoadFailed } from '../../../components/ui/load-failed'
import { useToast } from '../../../components/ui/toast'
import {
  myCollectionsQueryOptions,
  type SaveState,
  useCollectionMembership,
  useCreateCollection,
} from '../api'
import { CollectionForm } from './collection-form'
import { VisibilityBadge } from './visibility-badge'

export interface SaveToCollectionDialogProps {
  postId: string
  postTitle: string
  onSaveState?: ((state: SaveState) => void) | undefined
  onClose: () => void
}

function CollectionChoice({
  collection,
  postId,
  pending,
  onToggle,
  onOpen,
}: {
  collection: MyCollection
  postId: string
  pending: boolean
  onToggle: (member: boolean) => void
  onOpen: () => void
}) {
  const inputId = `pick-${collection._id}-${postId}`
  return (
    <li className="flex items-center gap-3 rounded-lg border border-line bg-surface-2/40 px-3 py-2.5">
      <input
        id={inputId}
        type="checkbox"
        checked={collection.hasPost ?? false}
        disabled={pending}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        className="size-4 shrink-0 cursor-pointer rounded accent-(--bb-accent)"
      />
      <label htmlFor={inputId} className="flex min-w-0 flex-1 cursor-pointer flex-col">
        <span className="truncate text-sm font-medium text-fg">{collection.name}</span>
        <span className="font-mono text-xs text-muted">{countOf(collection.postCount, 'command')}</span>
      </label>
      <VisibilityBadge isPublic={collection.public} />
      <Link
        to="/c/$username/$slug"
        params={{ username: collection.owner.username, slug: collection.slug }}
        onClick={onOpen}
        aria-label={`Open ${collection.name}`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg"
      >
        <ArrowUpRight aria-hidden="true" className="size-4" />
      </Link>
    </li>
  )
}

function ChoicesSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {[0, 1, 2].map((row) => (
        <li key={row} className="h-[3.625rem] animate-pulse rounded-lg border border-line bg-surface-2/60" />
      ))}
    </ul>
  )
}

/**
 * The picker of "Save to collection…": the caller's collections with a checkbox each (checked when the
 * post is in it), ticking adds and unticking removes at once; "New collection" creates one inline and
 * puts the post in it.
 */
export function SaveToCollectionDialog({
  postId,
  postTitle,
  onSaveState,
  onClose,
}: SaveToCollectionDialogProps) {
  const toast = useToast()
  const collections = useQuery(myCollectionsQueryOptions(postId))
  const membership = useCollectionMembership(onSaveState)
  const create = useCreateCollection()
  const [creating, setCreating] = useState(false)

  function toggle(collection: MyCollection, member: boolean): void {
    membership.mutate(
      { collectionId: collection._id, postId, member },
      {
        onSuccess: () =>
          toast({
            title: member ? `Added to ${collection.name}` : `Removed from ${collection.name}`,
            variant: 'success',
          }),
      },
    )
  }

  const list = collections.data?.collections ?? []
  const busyId = membership.isPending ? membership.variables?.collectionId : undefined
  return (
    <Dialog
      title="Save to collection"
      description={
        <>
          Keep <span className="font-medium text-fg">{postTitle || 'Untitled Post'}</span> in one or more of
          your collections.
        </>
      }
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        {collections.isPending ? (
          <>
            <span role="status" className="sr-only">
              Loading your collections
            </span>
            <ChoicesSkeleton />
          </>
        ) : collections.isError ? (
          <LoadFailed
            message="Your collections could not be loaded."
            onRetry={() => void collections.refetch()}
            retrying={collections.isFetching}
          />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
            No collections yet. Create your first one below.
          </p>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="sr-only">Your collections</legend>
            <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
              {list.map((collection) => (
                <CollectionChoice
                  key={collection._id}
                  collection={collection}
                  postId={postId}
                  pending={busyId === collection._id}
                  onToggle={(member) => toggle(collection, member)}
                  onOpen={onClose}
                />
              ))}
            </ul>
          </fieldset>
        )}

        {creating ? (
          <div className="rounded-lg border border-line p-3">
            <CollectionForm
              label="New collection"
              variant="compact"
              autoFocus
              submitLabel="Create and add"
              pendingLabel="Creating..."
              onCancel={() => setCreating(false)}
              onSubmit={async (values) => {
                const created = await create.mutateAsync(values)
                setCreating(false)
                // A failure here is the membership's own (toast, checkbox left unticked), not the form's.
                toggle(created, true)
              }}
            />
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setCreating(true)} className="self-start">
            <Plus aria-hidden="true" className="size-4" />
            New collection
          </Button>
        )}

        <div className="flex justify-end border-t border-line pt-4">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  )
}
