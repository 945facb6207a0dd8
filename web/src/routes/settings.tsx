import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../features/profile/guards'
import { SettingsPage } from '../features/settings/components/settings-page'
import { SETTINGS_TABS, type SettingsTabId } from '../features/settings/tabs'

export interface SettingsSearch {
  /** The open tab (`?tab=tokens`); Profile is the default and stays out of the URL. */
  tab?: SettingsTabId
}

const tabs = new Set<string>(SETTINGS_TABS)

export const Route = createFileRoute('/settings')({
  validateSearch: (raw: Record<string, unknown>): SettingsSearch =>
    typeof raw.tab === 'string' && raw.tab !== 'profile' && tabs.has(raw.tab)
      ? { tab: raw.tab as SettingsTabId }
      : {},
  beforeLoad: requireSignedIn,
  component: SettingsRoute,
})

function SettingsRoute() {
  const { tab = 'profile' } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SettingsPage
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: next === 'profile' ? {} : { tab: next }, replace: true })
      }
    />
  )
}
