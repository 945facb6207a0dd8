import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Lock, UserRound } from 'lucide-react'
import { useState } from 'react'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { TabList } from '../../../components/ui/tabs'
import { profileHeaderQueryOptions } from '../../../lib/current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { isSignedInAtom } from '../../../state/session'
import { AvatarUpload } from './avatar-upload'
import { ProfileForm } from './profile-form'
import { SecurityForm } from './security-form'

const TABS = [
  { id: 'profile', label: 'Profile', icon: UserRound },
  { id: 'security', label: 'Security', icon: Lock },
] as const
type TabId = (typeof TABS)[number]['id']

/** Settings (SEED-SPEC §2): a Profile tab (avatar, username, email) and a Security tab (password). */
export function SettingsPage() {
  useDocumentTitle('Settings')
  const signedIn = useAtomValue(isSignedInAtom)
  const header = useQuery({ ...profileHeaderQueryOptions(), enabled: signedIn })
  const [active, setActive] = useState<TabId>('profile')

  // Logging out (here or in another tab) leaves the page: it is for signed-in users only.
  if (!signedIn) return <Navigate to="/login" />
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Settings</h1>
        <p className="text-sm text-muted">Manage your profile and account security.</p>
      </header>
      {header.data ? (
        <Card className="flex flex-col gap-5 p-4 sm:p-6">
          <TabList
            label="Settings sections"
            idPrefix="settings"
            variant="segmented"
            className="self-start"
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
            ) : (
              <section aria-labelledby="password-heading" className="flex flex-col gap-3">
                <h2 id="password-heading" className="text-sm font-semibold text-fg">
                  Change password
                </h2>
                <SecurityForm />
              </section>
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
