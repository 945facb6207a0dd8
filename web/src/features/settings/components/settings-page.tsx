import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { KeyRound, Lock, UserRound } from 'lucide-react'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { TabList } from '../../../components/ui/tabs'
import { canCreatePosts, profileHeaderQueryOptions } from '../../../lib/current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useReturnSearch } from '../../../lib/use-sign-in-return'
import { isSignedInAtom } from '../../../state/session'
import type { SettingsTabId } from '../tabs'
import { AccessTokensPanel } from './access-tokens-panel'
import { AvatarUpload } from './avatar-upload'
import { ProfileForm } from './profile-form'
import { SecurityForm } from './security-form'

const TABS: readonly { id: SettingsTabId; label: string; icon: typeof KeyRound }[] = [
  { id: 'profile', label: 'Profile', icon: UserRound },
  { id: 'security', label: 'Security', icon: Lock },
  { id: 'tokens', label: 'Access tokens', icon: KeyRound },
]

export interface SettingsPageProps {
  /** The open tab (from the URL, so a tab can be linked to). */
  tab: SettingsTabId
  onTabChange: (tab: SettingsTabId) => void
}

/**
 * Settings: a Profile tab (avatar, username, email), a Security tab (password) and an Access tokens
 * tab (personal access tokens for scripts and the CLI).
 */
export function SettingsPage({ tab: active, onTabChange: setActive }: SettingsPageProps) {
  useDocumentTitle('Settings')
  const signedIn = useAtomValue(isSignedInAtom)
  const header = useQuery({ ...profileHeaderQueryOptions(), enabled: signedIn })
  const loginSearch = useReturnSearch()

  // Logging out (here or in another tab) leaves the page: it is for signed-in users only. Signing in
  // again comes back here.
  if (!signedIn) return <Navigate to="/login" search={loginSearch} />
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Settings</h1>
        <p className="text-sm text-muted">Manage your profile, account security and access tokens.</p>
      </header>
      {header.data ? (
        <Card className="flex flex-col gap-5 p-4 sm:p-6">
          <TabList
            label="Settings sections"
            idPrefix="settings"
            variant="segmented"
            className="max-w-full self-start"
            // Three tabs fit a 360 px phone only without their icons and with tighter padding.
            tabClassName="max-sm:px-2 max-sm:[&>svg]:hidden"
            tabs={TABS}
            active={active}
            onChange={setActive}
          />
          <div role="tabpanel" id={`settings-panel-${active}`} aria-labelledby={`settings-tab-${active}`}>
            {active === 'profile' ? (
              <div className="flex flex-col gap-6">
                <section aria-labelledby="avatar-heading" className="flex flex-col gap-3">
                  <h2 id="avatar-heading" className="text-sm font-semibold text-fg">
                    Avatar
                  </h2>
                  <AvatarUpload user={header.data} />
                </section>
                <section
                  aria-labelledby="details-heading"
                  className="flex flex-col gap-3 border-t border-line pt-5"
                >
                  <h2 id="details-heading" className="text-sm font-semibold text-fg">
                    Profile details
                  </h2>
                  <ProfileForm user={header.data} />
                </section>
              </div>
            ) : active === 'security' ? (
              <section aria-labelledby="password-heading" className="flex flex-col gap-3">
                <h2 id="password-heading" className="text-sm font-semibold text-fg">
                  Change password
                </h2>
                <SecurityForm />
              </section>
            ) : (
              <AccessTokensPanel canPost={canCreatePosts(header.data)} />
            )}
          </div>
        </Card>
      ) : header.isError ? (
        <LoadFailed
          message="Failed to load user profile"
          onRetry={() => void header.refetch()}
          retrying={header.isFetching}
        />
      ) : (
        <Loading label="Loading settings..." />
      )}
    </div>
  )
}
