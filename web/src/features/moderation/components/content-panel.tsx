import type { ModPagination } from '@bashboard/server/contract'
import { type CountedNoun, countOf, PLURALS } from '@bashboard/server/contract/plurals'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import type { ContentSearch } from '../api'
import { useNow } from '../format'
import { ContentSearchForm } from './content-search-form'
import { Pager } from './pager'
import { ReasonDialog } from './reason-dialog'

/** One page of search results, whatever the kind of content. */
export interface ContentResults<T> {
  items: T[]
  pagination: ModPagination
}

/** The delete confirmation of one item: the dialog's wording. */
export interface DeleteDialogText {
  title: string
  description: ReactNode
  confirmLabel: string
}

export interface ContentPanelProps<T extends { _id: string }> {
  /** What is listed ("post"), used in every status text, in the plural the contract gives it. */
  noun: CountedNoun
  /** The label of the search form's text field. */
  textLabel: string
  /** Runs the search; called as a hook, so pass a module-level function. */
  useResults: (search: ContentSearch) => UseQueryResult<ContentResults<T>>
  /** The delete mutation; called as a hook, so pass a module-level function. */
  useRemove: () => UseMutationResult<unknown, Error, { id: string; reason: string }>
  /** An item's row content, left of its Delete button. */
  renderItem: (item: T, now: number) => ReactNode
  /** The Delete button's accessible name for an item. */
  deleteLabel: (item: T) => string
  /** The confirmation dialog for an item. */
  dialog: (item: T) => DeleteDialogText
  /** The success toast's message for a deleted item. */
  deletedMessage: (item: T) => string
}

/**
 * A console list of content found by text or author, each item deletable with a reason. Posts and
 * comments differ only in what a row shows and in wording, which the caller supplies.
 */
export function ContentPanel<T extends { _id: string }>({
  noun,
  textLabel,
  useResults,
  useRemove,
  renderItem,
  deleteLabel,
  dialog,
  deletedMessage,
}: ContentPanelProps<T>) {
  const toast = useToast()
  const now = useNow()
  const [search, setSearch] = useState<ContentSearch>({ q: '', author: '', page: 1 })
  const [deleting, setDeleting] = useState<T | null>(null)
  const results = useResults(search)
  const remove = useRemove()
  const nouns = PLURALS[noun]
  const Noun = `${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}`
  const Nouns = `${nouns[0]?.toUpperCase() ?? ''}${nouns.slice(1)}`

  function confirmDelete(reason: string): void {
    if (!deleting) return
    const item = deleting
    remove.mutate(
      { id: item._id, reason },
      {
        onSuccess: () => {
          setDeleting(null)
          toast({ title: `${Noun} deleted`, message: deletedMessage(item), variant: 'success' })
        },
        onError: (error) =>
          toast({
            title: 'Delete failed',
            message: error instanceof ApiError ? error.message : `Failed to delete ${noun}`,
            variant: 'destructive',
          }),
      },
    )
  }

  const text = deleting ? dialog(deleting) : null
  return (
    <div className="flex flex-col gap-4">
      <ContentSearchForm
        textLabel={textLabel}
        withAuthor
        onSearch={(values) => setSearch({ ...values, page: 1 })}
      />
      {results.isPending ? (
        <Loading label={`Searching ${nouns}...`} />
      ) : results.isError && !results.data ? (
        <LoadFailed
          message={`Failed to search ${nouns}.`}
          onRetry={() => void results.refetch()}
          retrying={results.isFetching}
        />
      ) : results.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No {nouns} match this search.
        </p>
      ) : (
        <>
          <p className="text-xs text-muted" role="status">
            {countOf(results.data.pagination.total, noun)}
          </p>
          <ul
            aria-label={`${Nouns} found`}
            className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
          >
            {results.data.items.map((item) => (
              <li
                key={item._id}
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">{renderItem(item, now)}</div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start text-danger"
                  onClick={() => setDeleting(item)}
                  aria-label={deleteLabel(item)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              </li>
            ))}
          </ul>
          <Pager
            label={Nouns}
            page={results.data.pagination.page}
            totalPages={results.data.pagination.totalPages}
            onChange={(page) => setSearch((current) => ({ ...current, page }))}
          />
        </>
      )}
      {text ? (
        <ReasonDialog
          title={text.title}
          description={text.description}
          confirmLabel={text.confirmLabel}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  )
}
