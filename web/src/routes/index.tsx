import { createFileRoute } from '@tanstack/react-router'
import { statsQueryOptions } from '../features/home/api'
import { HomeLoading, HomePage } from '../features/home/components/home-page'

export const Route = createFileRoute('/')({
  // A failed stats request must not take the whole page down: the tiles show their own error and retry.
  loader: ({ context }) => context.queryClient.ensureQueryData(statsQueryOptions()).catch(() => undefined),
  pendingComponent: HomeLoading,
  component: HomePage,
})
