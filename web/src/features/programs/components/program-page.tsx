import type { PostCard, ProgramResponse } from '@bashboard/server/contract'
import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { SquareTerminal } from 'lucide-react'
import type { ReactNode } from 'react'
import { NotFoundPage } from '../../../components/layout/not-found-page'
import { buttonClasses } from '../../../components/ui/button-classes'
import { Card } from '../../../components/ui/card'
import { CodeBlock } from '../../../components/ui/code-block'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Pagination } from '../../../components/ui/pagination'
import { ApiError } from '../../../lib/api-client'
import { usePageLocation } from '../../../lib/page-location'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLiveTopic } from '../../../live/live-provider'
import { programQueryOptions } from '../queries'

export interface ProgramPageProps {
  program: string
  page: number
  onPageChange: (page: number) => void
  /** The cards of the commands (the posts feature's list), composed by the route. */
  renderList: (
    posts: readonly PostCard[],
    reacted: ProgramResponse['myReactedPosts'],
    label: string,
  ) => ReactNode
}

/** The placeholder cards shown while the commands load, the size of the real ones. */
function ProgramCardsLoading() {
  return (
    <>
      <span role="status" className="sr-only">
        Loading commands
      </span>
      <ul aria-hidden="true" className="grid gap-4">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5">
            <div className="h-4 w-24 animate-pulse rounded bg-surface-2" />
            <div className="h-6 w-2/3 animate-pulse rounded bg-surface-3" />
            <div className="h-4 w-full animate-pulse rounded bg-surface-2" />
            <div className="h-[3.25rem] animate-pulse rounded-lg bg-terminal" />
            <div className="h-8 w-32 animate-pulse rounded-md bg-surface-2" />
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * The commands using one program (`/tar`), best first by score: the browser's side of `curl <site>/tar`.
 * The route renders the site's not-found screen for a program without commands, so this page always
 * has some unless it is past the last page.
 */
export function ProgramPage({ program, page, onPageChange, renderList }: ProgramPageProps) {
  const name = program.toLowerCase()
  const location = usePageLocation()
  // New and deleted commands change the list: the posts topic keeps it current.
  useLiveTopic('posts')
  const query = useQuery(programQueryOptions(name, page))
  // No command uses it (or it cannot be a program): the site's not-found screen, as for any unknown path.
  const missing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)
  // This page's effect runs after the not-found screen's, so it must name the same title.
  useDocumentTitle(missing ? 'Command Not Found' : `${name} commands`)
  if (missing) return <NotFoundPage />
  const data = query.data
  const total = data?.pagination.totalPosts
  const curl = `curl ${location.origin}/${name}`
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs tracking-wide text-muted uppercase">Program</p>
        <h1 className="font-mono text-2xl font-semibold tracking-tight break-words text-fg sm:text-3xl">
          {name}
          <span className="font-sans text-muted">
            {' '}
            — {total === undefined ? 'commands' : countOf(total, 'command')}
          </span>
        </h1>
        <p className="text-sm text-muted">
          The community’s best commands that use <span className="font-mono text-fg">{name}</span>, ranked by
          votes.
        </p>
      </header>

      <Card className="flex flex-col gap-3 p-4">
        <h2 className="flex items-center gap-2 text-sm font-medium text-fg">
          <SquareTerminal aria-hidden="true" className="size-4 text-accent-text" />
          Read this page from your terminal
        </h2>
        <CodeBlock command={curl} />
        <p className="text-xs text-muted">
          Plain text with colours; add <span className="font-mono">?T</span> for none, or see{' '}
          <span className="font-mono">/:help</span> for search and the program list.
        </p>
      </Card>

      <section aria-label={`${name} commands`} aria-busy={query.isPending} className="flex flex-col gap-4">
        {query.isPending ? (
          <ProgramCardsLoading />
        ) : query.isError || !data ? (
          <LoadFailed
            message="The commands could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : data.posts.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="text-base font-medium text-fg">No commands on this page.</p>
            <p className="text-sm text-muted">
              {name} has {countOf(data.pagination.totalPosts, 'command')} on{' '}
              {countOf(data.pagination.totalPages, 'page')}.
            </p>
            <Link
              to="/$program"
              params={{ program: name }}
              search={{}}
              className={buttonClasses('secondary', 'md')}
            >
              Back to the first page
            </Link>
          </Card>
        ) : (
          <>
            {renderList(data.posts, data.myReactedPosts, `${name} commands`)}
            <Pagination
              page={page}
              totalPages={data.pagination.totalPages}
              onPageChange={onPageChange}
              label={`${name} command pages`}
            />
          </>
        )}
      </section>
    </div>
  )
}
