import type { ProfileHeader } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { sessionAtom } from '../state/session'
import { profileHeaderQueryOptions } from './current-user'

// Apart from current-user.ts, whose query options the route guards in the entry chunk import: only the
// pages that show a member's own controls need these.

/** Moderators may delete anyone's comment; authors their own. */
export function canDeleteAs(user: Pick<ProfileHeader, '_id' | 'role'> | null, authorId: string): boolean {
  return user !== null && (user.role === 'moderator' || user._id === authorId)
}

export interface CurrentUser {
  /** True while a session exists, even before its profile has loaded. */
  signedIn: boolean
  /** The profile header, or null for guests and while it loads. */
  user: ProfileHeader | null
}

/**
 * The signed-in user, read from the same cached query the header shows. Loads only while a session
 * exists; a 401 is handled by the auth feature's header hook, which is always mounted.
 */
export function useCurrentUser(): CurrentUser {
  const session = useAtomValue(sessionAtom)
  const { data } = useQuery({ ...profileHeaderQueryOptions(), enabled: session !== null })
  return { signedIn: session !== null, user: session !== null ? (data ?? null) : null }
}
