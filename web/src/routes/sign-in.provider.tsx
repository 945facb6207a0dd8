import { createFileRoute } from '@tanstack/react-router'
import { ProviderFinishPage } from '../features/auth/components/provider-finish-page'

// The page reads and checks its own search (features/auth/provider-finish-search.ts): the route's own
// code sits in the entry chunk, the page in a lazy one.
export const Route = createFileRoute('/sign-in/provider')({ component: ProviderFinishPage })
