import { createFileRoute } from '@tanstack/react-router'
import { profileQueryOptions } from '../features/profile/api'
import { ProfilePage } from '../features/profile/components/profile-page'
import { requireSignedIn } from '../features/profile/guards'

export const Route = createFileRoute('/profile')({
  beforeLoad: requireSignedIn,
  // Start loading early; the page shows its own failure state, so an error is ignored here.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(profileQueryOptions())
  },
  component: ProfilePage,
})
