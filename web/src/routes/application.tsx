import { createFileRoute } from '@tanstack/react-router'
import { ApplicationPage } from '../features/application/components/application-page'
import { requireApplicant } from '../features/application/guards'
import { myApplicationQueryOptions } from '../features/application/queries'

export const Route = createFileRoute('/application')({
  // A page of members or of few visitors: its loader comes with its code, out of the entry chunk.
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  beforeLoad: requireApplicant,
  // Start loading early; the page shows its own loading and error states, so a failure is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myApplicationQueryOptions())
  },
  component: ApplicationPage,
})
