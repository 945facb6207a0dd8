import { createFileRoute } from '@tanstack/react-router'
import { ModLayout } from '../features/moderation/components/mod-layout'
import { requireSignedInForConsole } from '../features/moderation/guards'

export const Route = createFileRoute('/mod')({
  beforeLoad: requireSignedInForConsole,
  component: ModLayout,
})
