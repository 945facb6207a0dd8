import { createFileRoute, redirect } from '@tanstack/react-router'

// The console opens on its review queue, the part that needs moderators most.
export const Route = createFileRoute('/mod/')({
  beforeLoad: () => {
    throw redirect({ to: '/mod/applications' })
  },
})
