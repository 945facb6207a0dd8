import { createFileRoute } from '@tanstack/react-router'
import { myApplicationQueryOptions } from '../features/application/api'
import { ApplicationPage } from '../features/application/components/application-page'
import { requireApplicant } from '../features/application/guards'

export const Route = createFileRoute('/application')({
  beforeLoad: requireApplicant,
  // Start loading early; the page shows its own loading and error states, so a failure is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myApplicationQueryOptions())
  },
  component: ApplicationPage,
})
