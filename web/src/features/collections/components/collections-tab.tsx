import type { MyCollection } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FolderOpen, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { useToast } from '../../../components/ui/toast'
import { formatDay } from '../../../lib/format-day'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useLiveTopic } from '../../../live/live-provider'
import { myCollectionsQueryOptions, useCreateCollection } from '../api'
import { CollectionForm } from './collection-form'
import { VisibilityBadge } from './visibility-badge'

function CollectionRow({ collection }: { collection: MyCollection }) {
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-line bg-surface-2/40 p-3 transition-colors hover:border-line-strong">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/c/$username/$slug"
          params={{ username: collection.owner.username, slug: collection.slug }}
          className="min-w-0 truncate font-medium text-fg hover:text-accent-text hover:underline hover:underline-offset-4"
        >
          {collection.name}
        </Link>
        <VisibilityBadge isPublic={collection.public} />
      </div>
      {collection.description ? (
        <p className="line-clamp-2 text-sm break-words text-muted">{collection.description}</p>
      ) : null}
      <p className="flex flex-wrap gap-x-3 font-mono text-xs text-muted">
        <span>{countOf(collection.postCount, 'command')}</span>
        <span>
          updated <time dateTime={collection.updatedAt}>{formatDay(collection.updatedAt)}</time>
        </span>
      </p>
    </li>
  )
}

function RowsSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2/40 p-3">
          <div className="h-5 w-1/3 animate-pulse rounded bg-surface-3" />
          <div className="h-4 w-1/4 animate-pulse rounded bg-surface-2" />
        </li>
      ))}
    </ul>
  )
}

/**
 * The profile's Collections tab: the user's collections (public and private, the most recently updated
 * first) with their visibility and size, each opening its page, and "New collection".
 */
export function CollectionsTab() {
  const collections = useQuery(myCollectionsQueryOptions())
  const create = useCreateCollection()
  const toast = useToast()
  const [creating, setCreating] = useState(false)
  const { user } = useCurrentUser()
  useLiveTopic(user ? `user:${user._id}` : null, collections.data?.liveId)

  const list = collections.data?.collections ?? []
  return (
    <div className="flex flex-col gap-4">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Group the commands you keep, and share the public ones by link.</p>
        {creating ? null : (
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New collection
          </Button>
        )}
      </div>
      {creating ? (
        <section
          aria-label="New collection"
          className="rounded-lg border border-line-strong bg-surface-2/40 p-4"
        >
          <CollectionForm
            label="New collection"
            autoFocus
            submitLabel="Create collection"
            pendingLabel="Creating..."
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const created = await create.mutateAsync(values)
              setCreating(false)
              toast({ title: 'Collection created', message: created.name, variant: 'success' })
            }}
          />
        </section>
      ) : null}
      {collections.isPending ? (
        <>
          <span role="status" className="sr-only">
            Loading collections
          </span>
          <RowsSkeleton />
        </>
      ) : collections.isError ? (
        <LoadFailed
          message="Your collections could not be loaded."
          onRetry={() => void collections.refetch()}
          retrying={collections.isFetching}
        />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong px-4 py-10 text-center">
          <FolderOpen aria-hidden="true" className="size-8 text-muted" />
          <p className="text-sm text-fg">
            No collections yet — make one to group the commands you keep, or use "Save to collection…" on any
            command.
          </p>
        </div>
      ) : (
        <ul aria-label="Your collections" className="flex flex-col gap-2">
          {list.map((collection) => (
            <CollectionRow key={collection._id} collection={collection} />
          ))}
        </ul>
      )}
    </div>
  )
}
