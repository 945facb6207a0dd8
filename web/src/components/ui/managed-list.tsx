import type { UseQueryResult } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { Fragment, type ReactNode, useState } from 'react'
import { ApiError } from '../../lib/api-client'
import { cn } from '../../lib/cn'
import { Button } from './button'
import { Card } from './card'
import { LoadFailed } from './load-failed'
import { Loading } from './spinner'
import { useToast } from './toast'

/*
 * The pieces of the console's managed lists (blog articles, ads): a section with a "New" button, an
 * editor above the list, rows with Edit / a state toggle / Delete-with-confirmation, and state pills.
 * Features never import each other, so what the Blog and Ads tabs share lives here.
 */

const pillTones = {
  accent: 'border-accent/50 bg-accent-soft text-accent-text',
  warning: 'border-warning/50 bg-warning/10 text-warning',
  neutral: 'border-line-strong bg-surface-2 text-fg',
  quiet: 'border-line-strong bg-surface-2 text-muted',
  muted: 'border-line bg-surface-2 text-muted',
} as const

/** The colour of a status pill: accent for live, warning for paused, the rest greys. */
export type PillTone = keyof typeof pillTones

/** A small rounded label for an item's state ("Published", "Paused"). */
export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium', pillTones[tone])}>
      {children}
    </span>
  )
}

/** What a row's write reports: the success toast, and the failure toast's title. */
export interface RowActionText {
  title: string
  message: string
  failureTitle: string
}

/**
 * Returns a runner for a row's write: toasts success, or the server's message on failure (a failed
 * write leaves the row as it was, so there is nothing else to undo).
 */
export function useRowAction(): (action: () => Promise<unknown>, text: RowActionText) => Promise<void> {
  const toast = useToast()
  return async (action, { title, message, failureTitle }) => {
    try {
      await action()
      toast({ title, message, variant: 'success' })
    } catch (failure) {
      toast({
        title: failureTitle,
        message: failure instanceof ApiError ? failure.message : 'Please try again.',
        variant: 'destructive',
      })
    }
  }
}

export interface RowActionsProps {
  /** The item's name, for the buttons' accessible names ("Edit Hello", "Delete Hello"). */
  name: string
  onEdit: () => void
  /** Deletes the item; resolves whether or not it worked (failures toast on their own). */
  onDelete: () => Promise<void>
  deleting: boolean
  /** Buttons between Edit and Delete, such as Publish or Pause. */
  children?: ReactNode
}

/** Edit, the caller's buttons, and Delete, which asks "Confirm delete" / "Cancel" before deleting. */
export function RowActions({ name, onEdit, onDelete, deleting, children }: RowActionsProps) {
  const [confirming, setConfirming] = useState(false)
  async function confirm(): Promise<void> {
    await onDelete()
    // A deleted row leaves the list; one whose delete failed goes back to its normal buttons.
    setConfirming(false)
  }
  return (
    <div className="flex flex-wrap gap-2">
      {confirming ? (
        <>
          <Button variant="danger" size="sm" loading={deleting} onClick={() => void confirm()}>
            Confirm delete
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          {children}
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </>
      )}
    </div>
  )
}

export interface ManagedListProps<T extends { _id: string }> {
  /** The section heading's id and text ("mod-blog-heading", "Blog"). */
  headingId: string
  title: string
  /** The create button's label ("New article"). */
  newLabel: string
  query: UseQueryResult<T[]>
  loadingLabel: string
  failedMessage: string
  /** Shown when the list is empty. */
  emptyText: string
  /** The list's accessible name ("Articles"). */
  listLabel: string
  /** The editor of an item, or of a new one (null); `done` closes it. */
  renderEditor: (item: T | null, done: () => void) => ReactNode
  /** One `<li>` of the list; `edit` opens the editor on it. */
  renderRow: (item: T, edit: () => void) => ReactNode
}

/** A console tab listing items with loading, failed and empty states, and one editor open at a time. */
export function ManagedList<T extends { _id: string }>({
  headingId,
  title,
  newLabel,
  query,
  loadingLabel,
  failedMessage,
  emptyText,
  listLabel,
  renderEditor,
  renderRow,
}: ManagedListProps<T>) {
  // null: the list; 'new': a new item; otherwise the id of the item being edited.
  const [editing, setEditing] = useState<string | null>(null)
  const current =
    editing && editing !== 'new' ? (query.data?.find((item) => item._id === editing) ?? null) : null
  const done = (): void => setEditing(null)

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        {editing === null ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {newLabel}
          </Button>
        ) : null}
      </div>
      {editing !== null && (editing === 'new' || current) ? (
        // Keyed by what is edited, so switching items starts a fresh draft.
        <Fragment key={editing}>{renderEditor(current, done)}</Fragment>
      ) : null}
      {query.isPending ? (
        <Loading label={loadingLabel} />
      ) : query.isError && !query.data ? (
        <LoadFailed
          message={failedMessage}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          {emptyText}
        </p>
      ) : (
        <Card>
          <ul aria-label={listLabel} className="divide-y divide-line">
            {query.data.map((item) => renderRow(item, () => setEditing(item._id)))}
          </ul>
        </Card>
      )}
    </section>
  )
}
