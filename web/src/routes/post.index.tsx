import { createFileRoute, redirect } from '@tanstack/react-router'

/** /post without a slug has nothing to show: send the visitor to Browse (docs/product-rules.md#routes). */
export const Route = createFileRoute('/post/')({
  beforeLoad: () => {
    throw redirect({ to: '/browse', replace: true })
  },
})
