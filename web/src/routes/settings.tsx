import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/profile/guards'
import { SettingsPage } from '../features/settings/components/settings-page'

export const Route = createFileRoute('/settings')({
  beforeLoad: requireSignedIn,
  component: SettingsPage,
})
