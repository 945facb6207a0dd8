import { createFileRoute, redirect } from '@tanstack/react-router'

/** /post without a slug has nothing to show: send the visitor to Browse (SEED-SPEC §2). */
export const Route = createFileRoute('/post/')({
  beforeLoad: () => {
    throw redirect({ to: '/browse', replace: true })
  },
})
