import { useQuery } from '@tanstack/react-query'
import { Navigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Lock, UserRound } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { profileHeaderQueryOptions } from '../../../lib/current-user'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { isSignedInAtom } from '../../../state/session'
import { AvatarUpload } from './avatar-upload'
import { ProfileForm } from './profile-form'
import { SecurityForm } from './security-form'

const TABS = [
  { id: 'profile', label: 'Profile', Icon: UserRound },
  { id: 'security', label: 'Security', Icon: Lock },
] as const
type TabId = (typeof TABS)[number]['id']

/** Settings (SEED-SPEC §2): a Profile tab (avatar, username, email) and a Security tab (password). */
export function SettingsPage() {
  useDocumentTitle('Settings')
  const signedIn = useAtomValue(isSignedInAtom)
  const header = useQuery({ ...profileHeaderQueryOptions(), enabled: signedIn })
  const [active, setActive] = useState<TabId>('profile')
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const index = TABS.findIndex((tab) => tab.id === active)
    const next = (index + 1) % TABS.length
    const tab = TABS[next]
    if (!tab) return
    setActive(tab.id)
    buttons.current[next]?.focus()
  }

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
          <div
            role="tablist"
            aria-label="Settings sections"
            onKeyDown={onKeyDown}
            className="inline-flex self-start rounded-lg border border-line bg-surface-2 p-1"
          >
            {TABS.map((tab, index) => {
              const selected = tab.id === active
              return (
                <button
                  key={tab.id}
                  ref={(element) => {
                    buttons.current[index] = element
                  }}
                  type="button"
                  role="tab"
                  id={`settings-tab-${tab.id}`}
                  aria-selected={selected}
                  aria-controls={`settings-panel-${tab.id}`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setActive(tab.id)}
                  className={cn(
                    'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                    selected ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                  )}
                >
                  <tab.Icon aria-hidden="true" className="size-4" />
                  {tab.label}
                </button>
              )
            })}
          </div>
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
