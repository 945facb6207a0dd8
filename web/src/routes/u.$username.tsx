import { createFileRoute } from '@tanstack/react-router'
import { PublicProfilePage } from '../features/people-public/components/public-profile-page'

// No loader and no search rule: route options are in the entry chunk, which is at its size budget. The
// page starts its own request as its code arrives (hovering a link already preloads that code), keeps
// its tab and page of commands itself, and draws its own skeleton, "not found" and retry.
export const Route = createFileRoute('/u/$username')({
  component: PublicProfileRoute,
})

function PublicProfileRoute() {
  const { username } = Route.useParams()
  // Keyed by name: another member's profile starts on its first tab and page.
  return <PublicProfilePage key={username.toLowerCase()} username={username} />
}
