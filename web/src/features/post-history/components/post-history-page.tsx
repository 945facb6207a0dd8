import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { type ComponentType, type ReactNode, useState } from 'react'
import { Card } from '../../../components/ui/card'
import { postQueryFallback } from '../../../components/ui/post-query-fallback'
import { useToast } from '../../../components/ui/toast'
import { useCurrentUser } from '../../../lib/use-current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { postHistoryQueryOptions, useRollbackPost } from '../api'
import { type HistoryEntry, historyEntries } from '../history-entries'
import { VersionEntry } from './version-entry'

/** What the page needs of the moderation console's reason dialog (the route hands it in: features do not import each other). */
export interface ReasonDialogLike {
  title: string
  description: ReactNode
  confirmLabel: string
  pending: boolean
  onConfirm: (reason: string) => void
  onClose: () => void
}

export interface PostHistoryPageProps {
  slug: string
  ReasonDialog: ComponentType<ReasonDialogLike>
  /** After a rollback: the caller refreshes what else shows the post. */
  onRolledBack?: (slug: string) => void
}

function BackToPost({ slug }: { slug: string }) {
  return (
    <Link
      to="/post/$slug"
      params={{ slug }}
      className="inline-flex items-center gap-1.5 self-start rounded-md text-sm text-muted hover:text-accent-text hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the post
    </Link>
  )
}

/**
 * A post's history (`/post/<slug>/history`): every version newest first, each with what it changed from
 * the one before. Moderators may roll back to an earlier version, giving a reason for the audit log.
 */
export function PostHistoryPage({ slug, ReasonDialog, onRolledBack }: PostHistoryPageProps) {
  const history = useQuery(postHistoryQueryOptions(slug))
  const { user } = useCurrentUser()
  const rollback = useRollbackPost(slug)
  const toast = useToast()
  const [target, setTarget] = useState<HistoryEntry | null>(null)
  useDocumentTitle(history.data ? `History of ${history.data.current.title}` : 'Post history')

  const fallback = postQueryFallback(history, {
    failed: 'The post history could not be loaded.',
    loading: 'Loading history...',
  })
  if (fallback || !history.data) return fallback

  const data = history.data
  const entries = historyEntries(data)
  const isModerator = user?.role === 'moderator'

  function confirmRollback(reason: string): void {
    if (!target?.revisionId) return
    rollback.mutate(
      { postId: data.postId, revisionId: target.revisionId, reason },
      {
        onSuccess: ({ post }) => {
          toast({
            title: 'Post rolled back',
            message: `Version ${target.number} is current again.`,
            variant: 'success',
          })
          setTarget(null)
          onRolledBack?.(post.slug)
        },
        onError: (error) => {
          toast({ title: 'Rollback failed', message: error.message, variant: 'destructive' })
          setTarget(null)
        },
      },
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <BackToPost slug={data.slug} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-fg">
          History of {data.current.title}
        </h1>
        <p className="text-sm text-muted">
          Every edit keeps the version it replaced. Each version shows what it changed from the one before.
        </p>
      </header>
      {data.revisions.length === 0 ? (
        <Card className="px-5 py-10 text-center">
          <p className="font-medium text-fg">This post has not been edited</p>
          <p className="mt-1 text-sm text-muted">Its first version is the only one.</p>
        </Card>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Versions, newest first">
          {entries.map((entry) => (
            <li key={entry.key}>
              <VersionEntry entry={entry} onRollBack={isModerator ? setTarget : undefined} />
            </li>
          ))}
        </ol>
      )}
      {target ? (
        <ReasonDialog
          title={`Roll back to version ${target.number}?`}
          description={
            <>
              The post will show version {target.number} again. The version it replaces stays in the history.
            </>
          }
          confirmLabel="Roll back"
          pending={rollback.isPending}
          onConfirm={confirmRollback}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </div>
  )
}
