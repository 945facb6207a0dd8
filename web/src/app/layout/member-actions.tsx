import type { ProfileHeader } from '@bashboard/server/contract'
import { UserMenu } from '../../components/layout/user-menu'
import { ContributionLink } from './contribution-link'

/** The desktop header's actions for a signed-in visitor: Create Post or Become Contributor, and their menu. */
export function MemberActions({ user, onLogout }: { user: ProfileHeader; onLogout: () => void }) {
  return (
    <>
      <ContributionLink user={user} compact />
      <UserMenu user={user} onLogout={onLogout} />
    </>
  )
}
