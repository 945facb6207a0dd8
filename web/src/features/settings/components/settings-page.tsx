import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { KeyRound, Lock, Mail, UserRound, UserX } from 'lucide-react'
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
import { AccountPanel } from './account-panel'
import { AvatarUpload } from './avatar-upload'
import { MailSettingsPanel } from './mail-settings-panel'
import { PasskeysSection } from './passkeys-section'
import { PasswordSection } from './password-section'
import { ProfileForm } from './profile-form'
import { SessionsSection } from './sessions-section'
import { SignInMethodsSection } from './sign-in-methods-section'
import { TwoFactorSection } from './two-factor-section'

const TABS: readonly { id: SettingsTabId; label: string; icon: typeof KeyRound }[] = [
  { id: 'profile', label: 'Profile', icon: UserRound },
  { id: 'security', label: 'Security', icon: Lock },
  { id: 'email', label: 'Email', icon: Mail },
  { id: 'tokens', label: 'Access tokens', icon: KeyRound },
  { id: 'account', label: 'Account', icon: UserX },
]

export interface SettingsPageProps {
  /** The open tab (from the URL, so a tab can be linked to). */
  tab: SettingsTabId
  onTabChange: (tab: SettingsTabId) => void
}

/**
 * Settings: a Profile tab (avatar, username, email), a Security tab (password, two-factor
 * authentication, passkeys, sign-in methods, the browsers signed in), an Email tab (the address's verification and what the site mails), an Access
 * tokens tab (personal access tokens for scripts and the CLI) and an Account tab (download your
 * data, delete the account).
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
        <p className="text-sm text-muted">Manage your profile, account security, email and access tokens.</p>
      </header>
      {header.data ? (
        <Card className="flex flex-col gap-5 p-4 sm:p-6">
          <TabList
            label="Settings sections"
            idPrefix="settings"
            variant="segmented"
            // On a phone the tabs go without their icons, with tighter padding, and wrap to a second
            // row: five do not fit 360 px on one.
            className="max-w-full self-start max-sm:flex-wrap"
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
              <div className="flex flex-col gap-6">
                <PasswordSection />
                <section
                  aria-labelledby="two-factor-heading"
                  className="flex flex-col gap-3 border-t border-line pt-5"
                >
                  <h2 id="two-factor-heading" className="text-sm font-semibold text-fg">
                    Two-factor authentication
                  </h2>
                  <TwoFactorSection username={header.data.username} />
                </section>
                <section
                  aria-labelledby="passkeys-heading"
                  className="flex flex-col gap-3 border-t border-line pt-5"
                >
                  <h2 id="passkeys-heading" className="text-sm font-semibold text-fg">
                    Passkeys
                  </h2>
                  <PasskeysSection />
                </section>
                <section
                  aria-labelledby="sign-in-methods-heading"
                  className="flex flex-col gap-3 border-t border-line pt-5"
                >
                  <h2 id="sign-in-methods-heading" className="text-sm font-semibold text-fg">
                    Sign-in methods
                  </h2>
                  <SignInMethodsSection />
                </section>
                <section
                  aria-labelledby="sessions-heading"
                  className="flex flex-col gap-3 border-t border-line pt-5"
                >
                  <h2 id="sessions-heading" className="text-sm font-semibold text-fg">
                    Sessions
                  </h2>
                  <SessionsSection />
                </section>
              </div>
            ) : active === 'email' ? (
              <MailSettingsPanel />
            ) : active === 'account' ? (
              <AccountPanel user={header.data} />
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
