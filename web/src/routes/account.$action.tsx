import { createFileRoute } from '@tanstack/react-router'
import { AccountLinkPage } from '../features/auth/components/account-link-page'

export const Route = createFileRoute('/account/$action')({
  component: function AccountLinkRoute() {
    return <AccountLinkPage action={Route.useParams().action} />
  },
})
