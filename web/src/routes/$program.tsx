import { createFileRoute } from '@tanstack/react-router'
import { PostList } from '../features/posts/components/post-list'
import { ProgramPage } from '../features/programs/components/program-page'

export interface ProgramSearch {
  page?: number
}

/** A page past 1 when the URL says so; anything else is the first page. */
function validateSearch(raw: Record<string, unknown>): ProgramSearch {
  const page = Number.parseInt(String(raw.page ?? ''), 10)
  return Number.isFinite(page) && page > 1 ? { page } : {}
}

/*
 * `/<program>` (`/tar`): the commands using a program, the browser's side of `curl <site>/tar`. Every
 * named page of the site is a static route and wins over this one. A name no command uses (or that
 * cannot be a program) is the site's not-found screen, as the server's 404 status says. No loader:
 * this route catches every unknown one-segment path, so the page (split from the entry chunk) loads
 * its data itself and keeps the first download of every visitor small.
 */
export const Route = createFileRoute('/$program')({
  validateSearch,
  component: ProgramRoute,
})

function ProgramRoute() {
  const { program } = Route.useParams()
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProgramPage
      program={program}
      page={page ?? 1}
      onPageChange={(next) => {
        void navigate({ search: next > 1 ? { page: next } : {} })
        window.scrollTo({ top: 0 })
      }}
      renderList={(posts, reacted, label) => <PostList posts={posts} reacted={reacted} label={label} />}
    />
  )
}
